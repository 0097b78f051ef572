import { Link, useNavigate } from "react-router-dom";
import { useAdminPutRateCardMutation, useAdminRateCardsQuery } from "../../../generated/graphql";
import { FormStatus, SubmitButton, TextField } from "../../components/fields";
import { Icon } from "../../../components/Icon";
import { useFormState } from "../../hooks/useFormState";
import { RatesScreen } from "./RatesScreen";
import * as icons from "../../icons";

/** A new card: its id (lower case, for addresses and CSV files) and name; its grid is filled on its own screen. */
function NewCard() {
  const navigate = useNavigate();
  const form = useFormState({ id: "", name: "" });
  const [put] = useAdminPutRateCardMutation({ refetchQueries: ["AdminRateCards"] });
  const onSubmit = form.submit(async () => {
    const id = form.values.id.trim();
    await put({ variables: { id, input: { name: form.values.name.trim(), lanes: [], surcharges: [] } } });
    navigate(`/control/rates/cards/${encodeURIComponent(id)}`, { state: { flash: "Rate card created: fill in its grid" } });
  });
  return (
    <form className="cp-form" onSubmit={onSubmit} noValidate aria-label="Create a rate card">
      <FormStatus errors={form.errors} message={form.message} />
      <div className="cp-field-row">
        <TextField field={form.bind("id")} label="Id" maxLength={40} hint="Lower-case letters, digits, - and _, e.g. big-shop" autoComplete="off" />
        <TextField field={form.bind("name")} hint="e.g. Big Shop 2026" autoComplete="off" />
      </div>
      <SubmitButton busy={form.busy} icon={icons.add}>
        Create rate card
      </SubmitButton>
    </form>
  );
}

export default function RateCardList() {
  const { data, loading, error } = useAdminRateCardsQuery({ fetchPolicy: "cache-and-network" });
  const rows = data?.rateCards ?? [];
  return (
    <RatesScreen
      title="Rate cards"
      icon={icons.receipt_long}
      sub="Prices by service, zones and weight"
      query={{ loading, error, rows: rows.length }}
      listClass="cp-list"
      add={{ title: "Create a rate card", form: <NewCard /> }}
    >
      {rows.map((c) => (
        <li key={c.id}>
          <Link to={`/control/rates/cards/${encodeURIComponent(c.id)}`} className="cp-row cp-row-link" data-testid="rate-card-row">
            <span className="cp-row-main">
              <strong>{c.name}</strong>
              <small className="cp-muted">
                <code>{c.id}</code> · {c.lanes.length} lane{c.lanes.length === 1 ? "" : "s"} · {c.surcharges.length} surcharge
                {c.surcharges.length === 1 ? "" : "s"}
                {c.id === "default" ? " · for every shipper without a card of its own" : ""}
              </small>
            </span>
            <Icon path={icons.chevron_right} size={22} />
          </Link>
        </li>
      ))}
    </RatesScreen>
  );
}
