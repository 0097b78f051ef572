import { Link } from "react-router-dom";
import { useTranslation } from "react-i18next";
import { useAdminRateCardsQuery, useAdminServicesQuery, useAdminZonesQuery } from "../../../generated/graphql";

const DEFAULT_CARD = "default";

/**
 * Shown on the rates screens while nothing can be priced: no zone, no active service, or a default card
 * with no lane of an active service. Says what that means (every quote finds nothing, no shipper can
 * book) and links each step that is left, in order.
 */
export function RatesSetup() {
  const { t } = useTranslation("control-rates");
  const zones = useAdminZonesQuery();
  const services = useAdminServicesQuery();
  const cards = useAdminRateCardsQuery();
  if (!zones.data || !services.data || !cards.data) return null;
  const active = new Set(services.data.services.filter((s) => s.active).map((s) => s.code));
  const card = cards.data.rateCards.find((c) => c.id === DEFAULT_CARD);
  const steps = [
    { done: zones.data.zones.length > 0, to: "/control/rates/zones.html", text: t("setup.zones") },
    { done: active.size > 0, to: "/control/rates/services.html", text: t("setup.services") },
    {
      done: !!card?.lanes.some((l) => active.has(l.service)),
      to: `/control/rates/cards/${DEFAULT_CARD}`,
      text: t("setup.card"),
    },
  ];
  if (steps.every((s) => s.done)) return null;
  return (
    <section className="cp-alert cp-alert-info" aria-labelledby="rates-setup-title" data-testid="rates-setup">
      <p>
        <strong id="rates-setup-title">{t("setup.title")}</strong> {t("setup.body")}
      </p>
      <ol>
        {steps.map((s) => (
          <li key={s.to}>
            {s.done ? (
              <>
                {s.text} <strong>{t("setup.done")}</strong>
              </>
            ) : (
              <Link to={s.to}>{s.text}</Link>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
