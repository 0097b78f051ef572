import { useShipperTranslation } from "./i18n";
import type { QuoteMutation } from "../../generated/shipper";
import { deliveryWindow, fmtNumber } from "../parcel/format";
import { fmtMoney } from "./money";

export type QuoteOption = QuoteMutation["quote"]["options"][number];

/**
 * The services' prices, cheapest first: amount, the breakdown, the chargeable weight and the delivery dates.
 * With `chosen`/`onChoose` each is a radio to pick (the new shipment); with `action` each has a button (Ship now).
 */
export function QuoteOptions({
  options,
  chosen,
  onChoose,
  action,
}: {
  options: QuoteOption[];
  chosen?: string;
  onChoose?: (service: string) => void;
  action?: { label: string; run: (o: QuoteOption) => void };
}) {
  const { t, i18n } = useShipperTranslation();
  const lng = i18n.language;
  // A list of the services; to pick one (the new shipment), inside a radio group: an <li> keeps its list's role.
  const list = (
    <ul className="quote-options" aria-label={onChoose ? undefined : t("quote.services")}>
      {options.map((o) => {
        const id = `quote-option-${o.service}`;
        const body = (
          <>
            <div className="quote-option-head">
              <span className="quote-option-name">{o.name}</span>
              <span className="quote-option-price" data-testid="quote-price">
                {fmtMoney(lng, o.amount, o.currency)}
              </span>
            </div>
            <p className="quote-option-dates">
              {t("quote.delivery", { dates: deliveryWindow(lng, o.delivery_date_min, o.delivery_date_max) })}
              {" · "}
              {t("quote.chargeable", { kg: fmtNumber(lng, o.chargeable_weight_kg) })}
            </p>
            <dl className="quote-breakdown">
              {o.breakdown.map((b) => (
                <div key={b.code}>
                  <dt>{t(`quote.line.${b.code}`, { defaultValue: b.label })}</dt>
                  <dd>{fmtMoney(lng, b.amount, o.currency)}</dd>
                </div>
              ))}
            </dl>
          </>
        );
        return (
          <li key={o.service} className={`card quote-option${chosen === o.service ? " chosen" : ""}`} data-service={o.service} data-testid="quote-option">
            {onChoose ? (
              <label htmlFor={id} className="quote-option-choose">
                <input id={id} type="radio" name="service" value={o.service} checked={chosen === o.service} onChange={() => onChoose(o.service)} />
                <div>{body}</div>
              </label>
            ) : (
              body
            )}
            {action ? (
              <button type="button" className="btn btn-primary" onClick={() => action.run(o)}>
                {action.label}
              </button>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
  return onChoose ? (
    <div role="radiogroup" aria-label={t("quote.services")}>
      {list}
    </div>
  ) : (
    list
  );
}
