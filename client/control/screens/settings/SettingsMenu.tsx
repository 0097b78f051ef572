import { Link } from "react-router-dom";
import { useAdminSettingsQuery } from "../../../generated/graphql";
import { PageHeader } from "../../components/PageHeader";
import { Icon } from "../../../components/Icon";
import { useTitle } from "../../hooks/useTitle";
import * as icons from "../../icons";
import { DELIVERY_DAY_PATH } from "./deliveryDay";

export default function SettingsMenu() {
  useTitle("Settings");
  const { data } = useAdminSettingsQuery();
  const s = data?.adminSettings;
  const items = [
    {
      to: "/control/settings/contact",
      label: "Contact Info",
      icon: icons.contact_mail,
      text: s ? [s.company_name, s.contact_email || "no contact e-mail yet"].join(", ") : "Company name, e-mail, phones, social links, address",
    },
    {
      to: "/control/settings/mail",
      label: "Mail Settings",
      icon: icons.email,
      text: s ? `Driver ${s.mail_driver}, template ${s.mail_template}` : "Mail driver and template",
    },
    { to: "/control/settings/html", label: "Html Settings", icon: icons.code, text: "Meta description and chat code" },
    {
      to: "/control/settings/shipping",
      label: "Shipping Settings",
      icon: icons.local_shipping,
      text: s ? `Sign-up ${s.shipper_signup}, ${s.currency}, pickup cut-off ${s.pickup_cutoff}` : "Shipper sign-up, currency, pickup cut-off",
    },
    {
      to: DELIVERY_DAY_PATH,
      label: "Delivery day",
      icon: icons.moped,
      text: s
        ? s.depot_latitude != null && s.depot_longitude != null
          ? `Depot ${s.depot_latitude}, ${s.depot_longitude}; ${s.courier_speed_kmh} km/h, ${s.delivery_window_minutes}-minute windows`
          : "No depot set yet: Dispatch needs one"
        : "Depot on a map, courier speed, minutes a stop, windows, notices",
    },
    { to: "/control/webhooks/list.html", label: "Webhooks", icon: icons.webhook, text: "Send parcel events to other systems, signed" },
  ];
  return (
    <div className="cp-container cp-narrow">
      <PageHeader title="Settings" icon={icons.settings} back="/control/index.html" backLabel="Control panel home" />
      <ul className="cp-list cp-menu" aria-label="Settings">
        {items.map((i) => (
          <li key={i.to}>
            <Link to={i.to} className="cp-row cp-row-link">
              <span className="cp-row-icon cp-accent" aria-hidden="true">
                <Icon path={i.icon} size={26} />
              </span>
              <span className="cp-row-main">
                <strong>{i.label}</strong>
                <small className="cp-muted">{i.text}</small>
              </span>
              <Icon path={icons.chevron_right} size={22} />
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
