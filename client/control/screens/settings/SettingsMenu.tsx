import { Link } from "react-router-dom";
import { useTranslation } from "react-i18next";
import { useAdminSettingsQuery } from "../../../generated/graphql";
import { PageHeader } from "../../components/PageHeader";
import { Icon } from "../../../components/Icon";
import { useTitle } from "../../hooks/useTitle";
import * as icons from "../../icons";
import { number } from "../../time";
import { DELIVERY_DAY_PATH, SETTINGS_NS } from "./deliveryDay";
import { languageOf } from "@shared/i18n/languages";

export default function SettingsMenu() {
  const { t } = useTranslation(SETTINGS_NS);
  useTitle(t("title"));
  const { data } = useAdminSettingsQuery();
  const s = data?.adminSettings;
  const items = [
    {
      to: "/control/settings/general",
      label: t("menu.general"),
      icon: icons.translate,
      text: s ? t("menu.generalNow", { language: languageOf(s.language).name }) : t("menu.generalText"),
    },
    {
      to: "/control/settings/contact",
      label: t("menu.contact"),
      icon: icons.contact_mail,
      text: s ? [s.company_name, s.contact_email || t("menu.noContactEmail")].join(", ") : t("menu.contactText"),
    },
    {
      to: "/control/settings/mail",
      label: t("menu.mail"),
      icon: icons.email,
      text: s ? t("menu.mailNow", { driver: s.mail_driver, template: s.mail_template }) : t("menu.mailText"),
    },
    { to: "/control/settings/html", label: t("menu.html"), icon: icons.code, text: t("menu.htmlText") },
    {
      to: "/control/settings/shipping",
      label: t("menu.shipping"),
      icon: icons.local_shipping,
      text: s
        ? t("menu.shippingNow", { signup: t(`signup.${s.shipper_signup}`, { defaultValue: s.shipper_signup }), currency: s.currency, cutoff: s.pickup_cutoff })
        : t("menu.shippingText"),
    },
    {
      to: DELIVERY_DAY_PATH,
      label: t("menu.deliveryDay"),
      icon: icons.moped,
      text: s
        ? s.depot_latitude != null && s.depot_longitude != null
          ? t("menu.deliveryDayNow", {
              latitude: number(s.depot_latitude, { maximumFractionDigits: 6 }),
              longitude: number(s.depot_longitude, { maximumFractionDigits: 6 }),
              speed: number(s.courier_speed_kmh),
              minutes: number(s.delivery_window_minutes),
            })
          : t("menu.noDepot")
        : t("menu.deliveryDayText"),
    },
    {
      to: "/control/settings/messages",
      label: t("menu.messages"),
      icon: icons.forum,
      text: s
        ? t("menu.messagesNow", { sms: s.sms_enabled ? t("msg.on") : t("msg.off"), whatsapp: s.whatsapp_enabled ? t("msg.on") : t("msg.off") })
        : t("menu.messagesText"),
    },
    { to: "/control/webhooks/list.html", label: t("menu.webhooks"), icon: icons.webhook, text: t("menu.webhooksText") },
  ];
  return (
    <div className="cp-container cp-narrow">
      <PageHeader title={t("title")} icon={icons.settings} back="/control/index.html" backLabel={t("home")} />
      <ul className="cp-list cp-menu" aria-label={t("title")}>
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
              <Icon path={icons.chevron_right} size={22} className="flip-rtl" />
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
