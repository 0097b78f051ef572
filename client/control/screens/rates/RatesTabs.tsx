import { useTranslation } from "react-i18next";
import { ShippingTabs } from "../shippers/common";

/** Zones, services and rate cards: the rates area's sections. */
export function RatesTabs() {
  const { t } = useTranslation("control-rates");
  const tabs = [
    { to: "/control/shippers/list.html", label: t("tabs.shippers") },
    { to: "/control/rates/zones.html", label: t("tabs.zones") },
    { to: "/control/rates/services.html", label: t("tabs.services") },
    { to: "/control/rates/cards", label: t("tabs.cards") },
  ];
  return <ShippingTabs tabs={tabs} label={t("tabs.label")} />;
}
