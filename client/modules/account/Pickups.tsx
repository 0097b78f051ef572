import { useState, type FormEvent } from "react";
import { useShipperTranslation } from "../quote/i18n";
import { ErrorAlert } from "../../components/ErrorList";
import { useDocumentTitle } from "../../components/brand";
import { errorMessages } from "../../errors";
import {
  PickupsDocument,
  useAddressesQuery,
  useBookingsQuery,
  useCreatePickupMutation,
  usePickupsQuery,
  useShippingSettingsQuery,
} from "../../generated/shipper";
import { fmtDate } from "../parcel/format";
import { TextField } from "../quote/Field";
import { fieldErrors, NO_ERRORS, type FieldErrors } from "../quote/fieldErrors";
import { addressLine } from "./AddressFields";
import { nextWorkingDay } from "./booking";

const PICKUP_FIELD = /^(date|from|to|address_id|booking_ids)$|^address\./;

/** Pickups: ask for one (a window at an address of the book, for pending shipments) and the list. */
export function Pickups() {
  const { t, i18n } = useShipperTranslation();
  useDocumentTitle(t("account.nav.pickups"));
  const list = usePickupsQuery({ fetchPolicy: "cache-and-network" });
  const book = useAddressesQuery({ fetchPolicy: "cache-and-network" });
  const pending = useBookingsQuery({ variables: { page: 1, per_page: 100 }, fetchPolicy: "cache-and-network" });
  const settings = useShippingSettingsQuery();
  const [create, { loading }] = useCreatePickupMutation({ refetchQueries: [PickupsDocument, "Bookings"] });
  const addresses = book.data?.addresses ?? [];
  const [form, setForm] = useState({ date: nextWorkingDay(new Date()), from: "09:00", to: "17:00", address_id: "" });
  const [ids, setIds] = useState<number[]>([]);
  const [errors, setErrors] = useState<FieldErrors>(NO_ERRORS);
  const [done, setDone] = useState(false);
  const addressId = form.address_id || String(addresses.find((a) => a.is_default)?.id ?? addresses[0]?.id ?? "");
  const candidates = (pending.data?.bookings.data ?? []).filter((b) => b.status === "pending" && !b.pickup);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setErrors(NO_ERRORS);
    setDone(false);
    try {
      await create({
        variables: { input: { date: form.date, from: form.from, to: form.to, address_id: addressId ? Number(addressId) : null, booking_ids: ids } },
      });
      setIds([]);
      setDone(true);
    } catch (err) {
      setErrors(fieldErrors(t, err, (f) => PICKUP_FIELD.test(f)));
    }
  };

  return (
    <>
      <section className="card account-card" aria-labelledby="pickup-new-title">
        <h2 id="pickup-new-title">{t("account.requestPickup")}</h2>
        {!addresses.length && book.data ? (
          <p className="quote-note">{t("account.pickupNeedsAddress")}</p>
        ) : (
          <form onSubmit={onSubmit} noValidate>
            <div className="field">
              <label htmlFor="pk-address">{t("account.pickupAddress")}</label>
              <select
                id="pk-address"
                className="select"
                value={addressId}
                onChange={(e) => setForm({ ...form, address_id: e.target.value })}
                aria-invalid={errors.byField.address_id ? true : undefined}
              >
                {addresses.map((a) => (
                  <option key={a.id} value={a.id}>
                    {addressLine(a)}
                  </option>
                ))}
              </select>
              {errors.byField.address_id ? <p className="field-error">{errors.byField.address_id}</p> : null}
            </div>
            <div className="form-row form-row-3">
              <TextField
                id="pk-date"
                name="date"
                type="date"
                label={t("account.date")}
                value={form.date}
                onValue={(date) => setForm({ ...form, date })}
                error={errors.byField.date}
              />
              <TextField
                id="pk-from"
                name="from"
                type="time"
                label={t("account.from")}
                value={form.from}
                onValue={(from) => setForm({ ...form, from })}
                error={errors.byField.from}
              />
              <TextField
                id="pk-to"
                name="to"
                type="time"
                label={t("account.to")}
                value={form.to}
                onValue={(to) => setForm({ ...form, to })}
                error={errors.byField.to}
              />
            </div>
            {settings.data ? <p className="field-hint">{t("account.pickupHint", { cutoff: settings.data.settings.pickup_cutoff })}</p> : null}
            {candidates.length ? (
              <fieldset className="plain-fieldset">
                <legend>{t("account.pickupShipments")}</legend>
                <div className="check-grid">
                  {candidates.map((b) => (
                    <label key={b.id}>
                      <input
                        type="checkbox"
                        checked={ids.includes(b.id)}
                        onChange={(e) => setIds(e.target.checked ? [...ids, b.id] : ids.filter((x) => x !== b.id))}
                      />{" "}
                      <span dir="ltr">{b.tracking_code}</span>
                      {b.reference ? ` · ${b.reference}` : ""}
                    </label>
                  ))}
                </div>
                {errors.byField.booking_ids ? <p className="field-error">{errors.byField.booking_ids}</p> : null}
              </fieldset>
            ) : null}
            {errors.general.length ? <ErrorAlert title={t("account.errorsTitle")} errors={errors.general} /> : null}
            {done ? (
              <div className="alert alert-success" role="status">
                <p>{t("account.pickupRequested")}</p>
              </div>
            ) : null}
            <button type="submit" className="btn btn-primary" disabled={loading}>
              {t("account.requestPickup")}
            </button>
          </form>
        )}
      </section>
      <section className="card account-card" aria-labelledby="pickups-title">
        <h2 id="pickups-title">{t("account.nav.pickups")}</h2>
        {list.error ? <ErrorAlert title={t("account.loadFailed")} errors={errorMessages(list.error)} /> : null}
        {list.data && !list.data.pickups.length ? <p className="quote-note">{t("account.noPickups")}</p> : null}
        {list.data?.pickups.length ? (
          <ul className="plain-list">
            {list.data.pickups.map((p) => (
              <li key={p.id} data-testid="pickup-row">
                <strong>{fmtDate(i18n.language, p.date, { weekday: "short", day: "numeric", month: "short", year: "numeric" })}</strong>{" "}
                <span dir="ltr">
                  {p.from}–{p.to}
                </span>
                <span className="cell-note">{addressLine(p.address)}</span>
                <span className="cell-note">{t("account.pickupShipmentsN", { n: p.booking_ids?.length ?? 0 })}</span>
              </li>
            ))}
          </ul>
        ) : null}
      </section>
    </>
  );
}
