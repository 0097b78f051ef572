import { useRef, useState, type FormEvent } from "react";
import { useShipperTranslation } from "../modules/quote/i18n";
import { useNavigate } from "react-router-dom";
import "../styles/pages.css";
import "../modules/quote/quote.css";
import { PageHero } from "../components/PageHero";
import { Icon } from "../components/Icon";
import { ErrorAlert } from "../components/ErrorList";
import { useDocumentTitle } from "../components/brand";
import { calculate } from "../components/layoutIcons";
import { browserCountry, useCountries } from "../modules/quote/countries";
import { PlaceFields } from "../modules/quote/PlaceFields";
import { ParcelRows } from "../modules/quote/ParcelRows";
import { QuoteOptions } from "../modules/quote/QuoteOptions";
import { useQuote } from "../modules/quote/useQuote";
import { NoRatesHint } from "../modules/quote/NoRatesHint";
import { EMPTY_PARCEL, parcelsInput, placeInput, type ParcelDraft, type PlaceDraft } from "../modules/quote/shipment";
import { saveQuoteDraft } from "../modules/quote/draft";

/**
 * Get a quote: from, to and the parcels; each service's price and dates. "Ship now" keeps the quote (draft.ts) and
 * opens the new shipment, through the sign-in or sign-up for a visitor, which say why they are asked.
 */
export default function QuotePage() {
  const { t } = useShipperTranslation();
  useDocumentTitle(t("quote.title"));
  const navigate = useNavigate();
  const countries = useCountries();
  const [from, setFrom] = useState<PlaceDraft>(() => ({ country: browserCountry(), postcode: "", city: "" }));
  const [to, setTo] = useState<PlaceDraft>(() => ({ country: browserCountry(), postcode: "", city: "" }));
  const [parcels, setParcels] = useState<ParcelDraft[]>([EMPTY_PARCEL]);
  const quote = useQuote();
  // What the prices shown are for: Ship now carries these, not what was typed since.
  const quoted = useRef({ from, to, parcels });

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    quoted.current = { from, to, parcels };
    void quote.run({ from: placeInput(from), to: placeInput(to), parcels: parcelsInput(parcels) });
  };

  const shipNow = (service: string) => {
    saveQuoteDraft({ ...quoted.current, service });
    void navigate("/account/new");
  };

  return (
    <>
      <PageHero title={t("quote.title")} subtitle={t("quote.subtitle")} hero="hero-road" overlay="overlay2" compact />
      <div className="container page-body quote-page">
        <form className="card quote-form" onSubmit={onSubmit} noValidate aria-labelledby="quote-form-title">
          <h2 id="quote-form-title">{t("quote.formTitle")}</h2>
          <div className="quote-places">
            <PlaceFields prefix="from" legend={t("quote.from")} value={from} onValue={setFrom} errors={quote.errors.byField} countries={countries} />
            <PlaceFields prefix="to" legend={t("quote.to")} value={to} onValue={setTo} errors={quote.errors.byField} countries={countries} />
          </div>
          <ParcelRows idPrefix="q" rows={parcels} onRows={setParcels} errors={quote.errors.byField} />
          {quote.errors.general.length ? <ErrorAlert title={t("quote.errorsTitle")} errors={quote.errors.general} /> : null}
          <button type="submit" className="btn btn-primary" disabled={quote.loading}>
            <Icon path={calculate} size={20} />
            {quote.loading ? t("quote.pricing") : t("quote.submit")}
          </button>
        </form>
        <section className="quote-results" aria-labelledby="quote-results-title" aria-live="polite">
          <h2 id="quote-results-title" className={quote.options ? undefined : "visually-hidden"}>
            {t("quote.services")}
          </h2>
          {quote.message ? <p className="quote-note">{quote.message}</p> : null}
          {quote.noRates ? <NoRatesHint /> : null}
          {quote.options?.length ? <QuoteOptions options={quote.options} action={{ label: t("quote.shipNow"), run: (o) => shipNow(o.service) }} /> : null}
          {quote.options === null && !quote.message ? <p className="quote-hint">{t("quote.hint")}</p> : null}
        </section>
      </div>
    </>
  );
}
