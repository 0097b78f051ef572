import { Link, useNavigate } from "react-router-dom";
import { useTranslation } from "react-i18next";
import { useAdminPutRateCardMutation, useAdminRateCardsQuery } from "../../../generated/graphql";
import { FormStatus, SubmitButton, TextField } from "../../components/fields";
import { Icon } from "../../../components/Icon";
import { useFormState } from "../../hooks/useFormState";
import { RatesScreen } from "./RatesScreen";
import * as icons from "../../icons";

/** A new card: its id (lower case, for addresses and CSV files) and name; its grid is filled on its own screen. */
function NewCard() {
  const { t } = useTranslation("control-rates");
  const navigate = useNavigate();
  const form = useFormState({ id: "", name: "" });
  const [put] = useAdminPutRateCardMutation({ refetchQueries: ["AdminRateCards"] });
  const onSubmit = form.submit(async () => {
    const id = form.values.id.trim();
    await put({ variables: { id, input: { name: form.values.name.trim(), lanes: [], surcharges: [] } } });
    navigate(`/control/rates/cards/${encodeURIComponent(id)}`, { state: { flash: t("cards.created") } });
  });
  return (
    <form className="cp-form" onSubmit={onSubmit} noValidate aria-label={t("cards.add")}>
      <FormStatus errors={form.errors} message={form.message} />
      <div className="cp-field-row">
        <TextField field={form.bind("id")} label={t("cards.id")} maxLength={40} hint={t("cards.idHint")} autoComplete="off" />
        <TextField field={form.bind("name")} hint={t("cards.nameHint")} autoComplete="off" />
      </div>
      <SubmitButton busy={form.busy} icon={icons.add}>
        {t("cards.submit")}
      </SubmitButton>
    </form>
  );
}

export default function RateCardList() {
  const { t } = useTranslation("control-rates");
  const { data, loading, error } = useAdminRateCardsQuery({ fetchPolicy: "cache-and-network" });
  const rows = data?.rateCards ?? [];
  return (
    <RatesScreen
      title={t("cards.title")}
      icon={icons.receipt_long}
      sub={t("cards.sub")}
      query={{ loading, error, rows: rows.length }}
      listClass="cp-list"
      add={{ title: t("cards.add"), form: <NewCard /> }}
    >
      {rows.map((c) => (
        <li key={c.id}>
          <Link to={`/control/rates/cards/${encodeURIComponent(c.id)}`} className="cp-row cp-row-link" data-testid="rate-card-row">
            <span className="cp-row-main">
              <strong>{c.name}</strong>
              <small className="cp-muted">
                <code>{c.id}</code> · {t("cards.lanes", { count: c.lanes.length })} · {t("cards.surcharges", { count: c.surcharges.length })}
                {c.id === "default" ? ` · ${t("cards.default")}` : ""}
              </small>
            </span>
            <Icon path={icons.chevron_right} size={22} />
          </Link>
        </li>
      ))}
    </RatesScreen>
  );
}
