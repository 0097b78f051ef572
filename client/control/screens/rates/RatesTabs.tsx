import { ShippingTabs } from "../shippers/common";

const RATES_TABS = [
  { to: "/control/shippers/list.html", label: "‹ Shippers" },
  { to: "/control/rates/zones.html", label: "Zones" },
  { to: "/control/rates/services.html", label: "Services" },
  { to: "/control/rates/cards", label: "Rate cards" },
];

/** Zones, services and rate cards: the rates area's sections. */
export const RatesTabs = () => <ShippingTabs tabs={RATES_TABS} label="Rates sections" />;
