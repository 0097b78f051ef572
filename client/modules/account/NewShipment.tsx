import { useEffect, useMemo, useRef, useState, type FormEvent } from "react";
import { useShipperTranslation } from "../quote/i18n";
import { Link } from "react-router-dom";
import { Icon } from "../../components/Icon";
import { ErrorAlert } from "../../components/ErrorList";
import { useDocumentTitle } from "../../components/brand";
import { useAddressesQuery, useCreateBookingMutation, useShippingSettingsQuery, type BookingFieldsFragment, type BookingInput } from "../../generated/shipper";
import { add_box, picture_as_pdf } from "../quote/icons";
import { browserCountry, useCountries } from "../quote/countries";
import { ParcelRows } from "../quote/ParcelRows";
import { QuoteOptions } from "../quote/QuoteOptions";
import { TextField } from "../quote/Field";
import { useQuote } from "../quote/useQuote";
import { fieldErrors, firstCode, NO_ERRORS, type FieldErrors } from "../quote/fieldErrors";
import { dropDraft, readDraft } from "../quote/draft";
import { fmtMoney, toMinor } from "../quote/money";
import { codMinor, codRefusal } from "./cod";
import { EMPTY_PARCEL, parcelsInput, parcelsReady, type ParcelDraft } from "../quote/shipment";
import { AddressFields, addressDraft, addressInput, emptyAddress, type AddressDraft } from "./AddressFields";
import { newKey, nextWorkingDay } from "./booking";

const BOOKING_FIELD = /^(sender|recipient|pickup)\.|^parcels|^(contents|reference|declared_value|cod_amount|service)$/;

/**
 * A new shipment: sender and recipient, parcels, a live quote per service to pick, pickup or drop-off, reference;
 * booked once. A quote's Ship now and the sign-up fill it (draft.ts); once booked, the confirmation replaces the form,
 * in view and said by the status line.
 */
export function NewShipment() {
  const { t } = useShipperTranslation();
  useDocumentTitle(t("account.nav.newShipment"));
  const [booked, setBooked] = useState<BookingFieldsFragment | null>(null);
  const [round, setRound] = useState(0);
  const onBooked = (b: BookingFieldsFragment) => {
    dropDraft();
    setBooked(b);
  };
  return (
    <>
      {/* Mounted before the booking, so that screen readers say what is put in it. */}
      <p role="status" className="visually-hidden" data-testid="booked-status">
        {booked ? t("account.bookedStatus", { code: booked.tracking_code }) : ""}
      </p>
      {booked ? <Booked booking={booked} onAnother={() => (setBooked(null), setRound(round + 1))} /> : <ShipmentForm key={round} onBooked={onBooked} />}
    </>
  );
}

function ShipmentForm({ onBooked }: { onBooked: (b: BookingFieldsFragment) => void }) {
  const { t, i18n } = useShipperTranslation();
  const countries = useCountries();
  const book = useAddressesQuery({ fetchPolicy: "cache-and-network" });
  const settings = useShippingSettingsQuery();
  const currency = settings.data?.settings.currency ?? "EUR";
  // The quote's places, parcels and service, and the sign-up's name and company: kept until the booking.
  const [draft] = useState(readDraft);
  const [sender, setSender] = useState<AddressDraft>(() => ({
    ...emptyAddress(draft?.from?.country || browserCountry()),
    postcode: draft?.from?.postcode ?? "",
    city: draft?.from?.city ?? "",
    name: draft?.sender?.name ?? "",
    company: draft?.sender?.company ?? "",
  }));
  const [recipient, setRecipient] = useState<AddressDraft>(() => ({
    ...emptyAddress(draft?.to?.country || browserCountry()),
    postcode: draft?.to?.postcode ?? "",
    city: draft?.to?.city ?? "",
  }));
  const [parcels, setParcels] = useState<ParcelDraft[]>(draft?.parcels?.length ? draft.parcels : [EMPTY_PARCEL]);
  const [service, setService] = useState(draft?.service ?? "");
  const [contents, setContents] = useState("");
  const [reference, setReference] = useState("");
  const [declared, setDeclared] = useState("");
  const [cod, setCod] = useState("");
  const [pickup, setPickup] = useState(false);
  const [window_, setWindow] = useState(() => ({ date: nextWorkingDay(new Date()), from: "09:00", to: "17:00" }));
  const [errors, setErrors] = useState<FieldErrors>(NO_ERRORS);
  /** The server's refusal of the cash-on-delivery amount (above cod_max), in the visitor's words. */
  const [codError, setCodError] = useState<string | null>(null);
  const [problem, setProblem] = useState<{ title: string; errors: string[] } | null>(null);
  const [create, { loading: booking }] = useCreateBookingMutation();
  const attempt = useRef<string | null>(null);
  const quote = useQuote();

  // The default address of the book is the sender (set once, as the book arrives), unless the sign-up brought the name
  // or the quote starts somewhere else.
  const addresses = book.data?.addresses;
  const [senderFilled, setSenderFilled] = useState(Boolean(draft?.sender));
  if (!senderFilled && addresses) {
    setSenderFilled(true);
    const d = addresses.find((a) => a.is_default);
    const from = draft?.from;
    if (d && (!from || (d.country === from.country && (!from.postcode.trim() || d.postcode === from.postcode.trim())))) setSender(addressDraft(d));
  }

  // The live quote: asked again half a second after the places, parcels or declared value change.
  const declaredMinor = declared.trim() ? toMinor(declared, currency) : null;
  // Cash on delivery: exactly the amount typed (no rounding: a third decimal of euros is refused here, not guessed).
  const codAmount = codMinor(cod, currency);
  const codValid = codAmount === null || !Number.isNaN(codAmount);
  const quoteInput = useMemo(
    () => ({
      from: { country: sender.country, postcode: sender.postcode.trim() || null, city: sender.city.trim() || null },
      to: { country: recipient.country, postcode: recipient.postcode.trim() || null, city: recipient.city.trim() || null },
      parcels: parcelsInput(parcels),
      declared_value: declaredMinor,
      // Priced with its cash-on-delivery surcharge where the card has one.
      cod_amount: codValid ? codAmount : null,
    }),
    [sender.country, sender.postcode, sender.city, recipient.country, recipient.postcode, recipient.city, parcels, declaredMinor, codValid, codAmount],
  );
  const ready = Boolean(sender.country && recipient.country && parcelsReady(parcels));
  const { run, clear } = quote;
  useEffect(() => {
    if (!ready) return clear();
    const id = window.setTimeout(() => void run(quoteInput), 500);
    return () => window.clearTimeout(id);
  }, [ready, quoteInput, run, clear]);
  const options = quote.options;
  // The service picked, or the cheapest while the picked one is not offered.
  const chosen = options?.find((o) => o.service === service) ?? options?.[0];

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (booking) return;
    if (!codValid) return document.getElementById("ns-cod")?.focus();
    // One key per attempt: a second click while this one runs is ignored, a retry after an answer is a new attempt.
    attempt.current ??= newKey();
    setProblem(null);
    setErrors(NO_ERRORS);
    setCodError(null);
    const input: BookingInput = {
      service: chosen?.service ?? service,
      sender: addressInput(sender),
      recipient: addressInput(recipient),
      parcels: parcelsInput(parcels),
      contents: contents.trim(),
      reference: reference.trim() || null,
      declared_value: declaredMinor,
      cod_amount: codAmount,
      pickup: pickup ? window_ : null,
    };
    try {
      // The account is asked again: a booking (or a refusal) may follow an e-mail confirmed in another tab.
      const r = await create({ variables: { input, idempotency_key: attempt.current }, refetchQueries: ["UserAccount"] });
      if (r.data) onBooked(r.data.createBooking);
    } catch (err) {
      const code = firstCode(err);
      const split = fieldErrors(t, err, (f) => BOOKING_FIELD.test(f));
      setErrors(split);
      setCodError(codRefusal(t, err, i18n.language, currency));
      if (code === "PAYMENT_REQUIRED") setProblem({ title: t("account.creditLimit"), errors: [t("account.creditLimitText")] });
      else if (code === "FORBIDDEN") setProblem({ title: t("account.cannotBook"), errors: split.general });
      else if (split.general.length) setProblem({ title: t("account.bookFailed"), errors: split.general });
    } finally {
      attempt.current = null;
    }
  };

  // The live quote's messages name from/to: shown at the sender's and recipient's fields.
  const shown: Record<string, string> = {};
  for (const [f, m] of Object.entries(quote.errors.byField)) shown[f.replace(/^from\./, "sender.").replace(/^to\./, "recipient.")] = m;
  Object.assign(shown, errors.byField);

  const codShown = !codValid ? t("account.codInvalid", { example: fmtMoney(i18n.language, 1250, currency) }) : (codError ?? undefined);

  const fill = (set: (a: AddressDraft) => void) => (id: string) => {
    const a = addresses?.find((x) => String(x.id) === id);
    if (a) set(addressDraft(a));
  };

  return (
    <form className="card account-card shipment-form" onSubmit={onSubmit} noValidate aria-labelledby="new-title">
      <h2 id="new-title">{t("account.nav.newShipment")}</h2>
      <div className="shipment-parties">
        {(
          [
            ["sender", sender, setSender],
            ["recipient", recipient, setRecipient],
          ] as const
        ).map(([who, value, set]) => (
          <fieldset key={who} className="address-fields">
            <legend>{t(`account.${who}`)}</legend>
            {addresses?.length ? (
              <div className="field">
                <label htmlFor={`${who}-book`}>{t("account.fromBook")}</label>
                <select id={`${who}-book`} className="select" value="" onChange={(e) => fill(set)(e.target.value)}>
                  <option value="">{t("account.chooseAddress")}</option>
                  {addresses.map((a) => (
                    <option key={a.id} value={a.id}>
                      {[a.name, a.line1, a.city].join(", ")}
                    </option>
                  ))}
                </select>
              </div>
            ) : null}
            <AddressFields idPrefix={who} prefix={who} value={value} onValue={set} errors={shown} countries={countries} autoFill={who === "sender"} />
          </fieldset>
        ))}
      </div>
      <ParcelRows idPrefix="ns" rows={parcels} onRows={setParcels} errors={shown} />
      <div className="form-row">
        <TextField
          id="ns-contents"
          name="contents"
          label={t("account.contents")}
          value={contents}
          onValue={setContents}
          error={errors.byField.contents}
          required
        />
        <TextField
          id="ns-declared"
          name="declared_value"
          inputMode="decimal"
          label={`${t("account.declaredValue", { currency })} ${t("account.optional")}`}
          value={declared}
          onValue={setDeclared}
          error={errors.byField.declared_value ?? (declared.trim() && declaredMinor === null ? t("quote.err.number") : undefined)}
        />
      </div>
      <div className="form-row">
        <div>
          <TextField
            id="ns-cod"
            name="cod_amount"
            inputMode="decimal"
            label={`${t("account.codAmount", { currency })} ${t("account.optional")}`}
            value={cod}
            onValue={(v) => (setCod(v), setCodError(null))}
            aria-describedby={codShown ? "ns-cod-error" : "ns-cod-hint"}
            error={codShown}
          />
          {!codShown ? (
            <p className="field-hint" id="ns-cod-hint">
              {t("account.codHint")}
            </p>
          ) : null}
        </div>
        <TextField
          id="ns-reference"
          name="reference"
          label={`${t("account.reference")} ${t("account.optional")}`}
          value={reference}
          onValue={setReference}
          error={errors.byField.reference}
        />
      </div>

      <fieldset className="plain-fieldset">
        <legend>{t("account.handOver")}</legend>
        <div className="choice-row">
          <label>
            <input type="radio" name="handover" checked={!pickup} onChange={() => setPickup(false)} /> {t("account.dropOff")}
          </label>
          <label>
            <input type="radio" name="handover" checked={pickup} onChange={() => setPickup(true)} /> {t("account.pickupWindow")}
          </label>
        </div>
        {pickup ? (
          <div className="form-row form-row-3">
            <TextField
              id="ns-pickup-date"
              name="pickup.date"
              type="date"
              label={t("account.date")}
              value={window_.date}
              onValue={(date) => setWindow({ ...window_, date })}
              error={errors.byField["pickup.date"]}
            />
            <TextField
              id="ns-pickup-from"
              name="pickup.from"
              type="time"
              label={t("account.from")}
              value={window_.from}
              onValue={(from) => setWindow({ ...window_, from })}
              error={errors.byField["pickup.from"]}
            />
            <TextField
              id="ns-pickup-to"
              name="pickup.to"
              type="time"
              label={t("account.to")}
              value={window_.to}
              onValue={(to) => setWindow({ ...window_, to })}
              error={errors.byField["pickup.to"]}
            />
          </div>
        ) : null}
        {pickup && settings.data ? <p className="field-hint">{t("account.pickupHint", { cutoff: settings.data.settings.pickup_cutoff })}</p> : null}
      </fieldset>

      <section className="shipment-quote" aria-labelledby="ns-services" aria-live="polite" aria-busy={quote.loading}>
        <h3 id="ns-services">{t("quote.services")}</h3>
        {!ready ? <p className="quote-hint">{t("account.quoteWaits")}</p> : null}
        {ready && quote.loading && !options ? <p className="quote-hint">{t("quote.pricing")}</p> : null}
        {quote.message ? <p className="quote-note">{quote.message}</p> : null}
        {quote.errors.general.length ? <ErrorAlert title={t("quote.errorsTitle")} errors={quote.errors.general} /> : null}
        {options?.length ? <QuoteOptions options={options} chosen={chosen?.service} onChoose={setService} /> : null}
        {errors.byField.service ? <p className="field-error">{errors.byField.service}</p> : null}
      </section>

      {problem ? <ErrorAlert title={problem.title} errors={problem.errors} /> : null}
      <button type="submit" className="btn btn-primary" disabled={booking || !chosen} data-testid="book">
        {booking ? t("account.booking") : chosen ? t("account.bookFor", { price: fmtMoney(i18n.language, chosen.amount, chosen.currency) }) : t("account.book")}
      </button>
    </form>
  );
}

/**
 * The confirmation, where the Book button was: brought into view below the fixed top bar (html's scroll-padding-top)
 * and focused, so that the next Tab is its label link, not a second booking.
 */
function Booked({ booking, onAnother }: { booking: BookingFieldsFragment; onAnother: () => void }) {
  const { t, i18n } = useShipperTranslation();
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    const h = title.current;
    if (!h) return;
    h.focus({ preventScroll: true });
    h.closest("section")?.scrollIntoView({ block: "start" });
  }, []);
  return (
    <section className="card account-card booked" aria-labelledby="booked-title" data-testid="booked">
      <h2 id="booked-title" ref={title} tabIndex={-1}>
        {t("account.bookedTitle")}
      </h2>
      <p>
        {t("account.trackingCode")}:{" "}
        <strong dir="ltr" data-testid="booked-code">
          {booking.tracking_code}
        </strong>
      </p>
      <p>
        {t("account.price")}: <strong>{fmtMoney(i18n.language, booking.amount, booking.currency)}</strong>
        {booking.pickup ? ` · ${t("account.pickupOn", { date: booking.pickup.date, from: booking.pickup.from, to: booking.pickup.to })}` : ""}
      </p>
      {booking.cod ? (
        <p data-testid="booked-cod">
          {t("account.codToCollect")}: <strong>{fmtMoney(i18n.language, booking.cod.amount, booking.cod.currency)}</strong>
        </p>
      ) : null}
      <div className="booked-actions">
        <a className="btn btn-primary" href={booking.label_url} download data-testid="label-link">
          <Icon path={picture_as_pdf} size={20} />
          {t("account.downloadLabel")}
        </a>
        <button type="button" className="btn btn-outline" onClick={onAnother}>
          <Icon path={add_box} size={20} />
          {t("account.another")}
        </button>
        <Link className="btn btn-outline" to="/account">
          {t("account.nav.shipments")}
        </Link>
      </div>
    </section>
  );
}
