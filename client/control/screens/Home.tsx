import { lazy, Suspense } from "react";
import { Link } from "react-router-dom";
import { useTranslation } from "react-i18next";
import { Icon } from "../../components/Icon";
import { useTitle } from "../hooks/useTitle";
import { useSession } from "../session";
import { mayOpen, roleCan } from "../roles";
import * as icons from "../icons";

/** The tiles; `label` and `text` are keys of `control-home`. */
const TILES = [
  {
    to: "/control/scan",
    label: "tiles.scan.label",
    icon: icons.qr_code_scanner,
    text: "tiles.scan.text",
    wide: true,
  },
  {
    to: "/control/run",
    label: "tiles.run.label",
    icon: icons.local_shipping,
    text: "tiles.run.text",
    wide: true,
  },
  { to: "/control/dispatch", label: "tiles.dispatch.label", icon: icons.map, text: "tiles.dispatch.text" },
  { to: "/control/parcels/list.html", label: "tiles.parcels.label", icon: icons.inventory_2, text: "tiles.parcels.text" },
  { to: "/control/reviews/list.html", label: "tiles.reviews.label", icon: icons.reviews, text: "tiles.reviews.text" },
  { to: "/control/pages/list.html", label: "tiles.pages.label", icon: icons.pages, text: "tiles.pages.text" },
  { to: "/control/email/send.html", label: "tiles.email.label", icon: icons.email, text: "tiles.email.text" },
  { to: "/control/settings", label: "tiles.settings.label", icon: icons.settings, text: "tiles.settings.text" },
  { to: "/control/account/password.html", label: "tiles.password.label", icon: icons.lock, text: "tiles.password.text" },
  {
    to: "/control/webhooks/list.html",
    label: "tiles.webhooks.label",
    icon: icons.webhook,
    text: "tiles.webhooks.text",
    wide: true,
  },
  {
    to: "/control/staff/list.html",
    label: "tiles.staff.label",
    icon: icons.people,
    text: "tiles.staff.text",
    wide: true,
  },
  {
    to: "/control/api-keys/list.html",
    label: "tiles.apiKeys.label",
    icon: icons.vpn_key,
    text: "tiles.apiKeys.text",
    wide: true,
  },
];

// The owner's and dispatchers' figures (issue 39): its own chunk, with the chart library.
const Dashboard = lazy(() => import("./dashboard/Dashboard"));

const MORE = [
  { to: "/control/parcels/stale.html", label: "more.stale", icon: icons.schedule },
  { to: "/control/parcels/reschedule.html", label: "more.reschedule", icon: icons.pan_tool },
  { to: "/control/invoice/create.html", label: "more.createInvoice", icon: icons.receipt_long },
  { to: "/control/invoice/list.html", label: "more.invoices", icon: icons.receipt_long },
  { to: "/control/email/outbox.html", label: "more.outbox", icon: icons.outbox },
  // Messages to recipients (contract section 13): SMS, WhatsApp and e-mail, each with its provider history.
  { to: "/control/messages", label: "more.messages", icon: icons.forum },
  { to: "/control/account/index.html", label: "more.account", icon: icons.person },
  { to: "/control/audit.html", label: "more.audit", icon: icons.shield },
  // Shippers and rates (contract section 10).
  { to: "/control/shippers/list.html", label: "more.shippers", icon: icons.people },
  { to: "/control/bookings/list.html", label: "more.bookings", icon: icons.local_shipping },
  { to: "/control/statements/list.html", label: "more.statements", icon: icons.receipt_long },
  { to: "/control/rates/zones.html", label: "more.rates", icon: icons.map },
];

export default function Home() {
  const { t } = useTranslation("control-home");
  useTitle(t("title"));
  const { email, role } = useSession();
  // Only what the member's role may use (roles.ts).
  const tiles = TILES.filter((tile) => mayOpen(role, tile.to));
  const more = MORE.filter((m) => mayOpen(role, m.to));
  const showReports = roleCan(role, "reports");
  return (
    <div className="cp-container">
      <header className="cp-page-header">
        <div className="cp-page-title">
          <h1>{t("title")}</h1>
          {email ? (
            <p className="cp-sub">{role ? t("signedInAsRole", { email, role: t(`roles.${role}`, { ns: "control" }) }) : t("signedInAs", { email })}</p>
          ) : null}
        </div>
      </header>
      {showReports ? (
        <Suspense fallback={null}>
          <Dashboard />
        </Suspense>
      ) : null}
      <nav aria-label={t("title")}>
        <ul className="cp-tiles">
          {tiles.map((tile) => (
            <li key={tile.to} className={"wide" in tile ? "cp-tile-wide" : undefined}>
              <Link to={tile.to} className="cp-tile">
                <span className="cp-tile-icon" aria-hidden="true">
                  <Icon path={tile.icon} size={34} />
                </span>
                <span className="cp-tile-label">{t(tile.label)}</span>
                <span className="cp-tile-text">{t(tile.text)}</span>
              </Link>
            </li>
          ))}
        </ul>
        <ul className="cp-more">
          {more.map((m) => (
            <li key={m.to}>
              <Link to={m.to} className="cp-chip">
                <Icon path={m.icon} size={18} />
                <span>{t(m.label)}</span>
              </Link>
            </li>
          ))}
          <li>
            <a href="/" className="cp-chip" target="_blank" rel="noopener">
              <Icon path={icons.public} size={18} />
              <span>{t("header.viewSite", { ns: "control" })}</span>
            </a>
          </li>
        </ul>
      </nav>
      <section className="cp-terms" aria-labelledby="cp-terms-title">
        <h2 id="cp-terms-title">{t("terms.title")}</h2>
        <p>{t("terms.text")}</p>
      </section>
    </div>
  );
}
