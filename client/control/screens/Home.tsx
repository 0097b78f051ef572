import { lazy, Suspense } from "react";
import { Link } from "react-router-dom";
import { Icon } from "../../components/Icon";
import { useTitle } from "../hooks/useTitle";
import { useSession } from "../session";
import { mayOpen, roleCan } from "../roles";
import * as icons from "../icons";

const TILES = [
  {
    to: "/control/scan",
    label: "SCAN",
    icon: icons.qr_code_scanner,
    text: "Picked up, at the hub, out for delivery, delivered: one event, parcel after parcel",
    wide: true,
  },
  {
    to: "/control/run",
    label: "MY RUN",
    icon: icons.local_shipping,
    text: "Today's stops in order: start the run, deliver, failed attempts, your position while it runs",
    wide: true,
  },
  { to: "/control/dispatch", label: "DISPATCH", icon: icons.map, text: "The day's runs: plan, optimise, start" },
  { to: "/control/parcels/list.html", label: "PARCELS", icon: icons.inventory_2, text: "Shipments, map, image and history" },
  { to: "/control/reviews/list.html", label: "REVIEWS", icon: icons.reviews, text: "Customer testimonials" },
  { to: "/control/pages/list.html", label: "PAGES", icon: icons.pages, text: "Content pages of the site" },
  { to: "/control/email/send.html", label: "SEND EMAIL", icon: icons.email, text: "Write to anyone, see the outbox" },
  { to: "/control/settings", label: "SETTINGS", icon: icons.settings, text: "Contact, mail and html settings" },
  { to: "/control/account/password.html", label: "PASSWORD", icon: icons.lock, text: "Change your password" },
  {
    to: "/control/webhooks/list.html",
    label: "WEBHOOKS",
    icon: icons.webhook,
    text: "Send parcel events to other systems, signed, with a log of every delivery",
    wide: true,
  },
  {
    to: "/control/staff/list.html",
    label: "STAFF",
    icon: icons.people,
    text: "Invite dispatchers and couriers, change roles, disable or remove accounts",
    wide: true,
  },
  {
    to: "/control/api-keys/list.html",
    label: "API KEYS",
    icon: icons.vpn_key,
    text: "Keys for other systems to track, read and update parcels: scopes, limits, calls per day",
    wide: true,
  },
];

// The owner's and dispatchers' figures (issue 39): its own chunk, with the chart library.
const Dashboard = lazy(() => import("./dashboard/Dashboard"));

const MORE = [
  { to: "/control/parcels/stale.html", label: "Stale parcels", icon: icons.schedule },
  { to: "/control/parcels/reschedule.html", label: "To reschedule", icon: icons.pan_tool },
  { to: "/control/invoice/create.html", label: "Create Invoice", icon: icons.receipt_long },
  { to: "/control/invoice/list.html", label: "Invoices", icon: icons.receipt_long },
  { to: "/control/email/outbox.html", label: "Outbox", icon: icons.outbox },
  { to: "/control/account/index.html", label: "My Account", icon: icons.person },
  { to: "/control/audit.html", label: "Audit log", icon: icons.shield },
  // Shippers and rates (contract section 10).
  { to: "/control/shippers/list.html", label: "Shippers", icon: icons.people },
  { to: "/control/bookings/list.html", label: "Bookings", icon: icons.local_shipping },
  { to: "/control/statements/list.html", label: "Statements", icon: icons.receipt_long },
  { to: "/control/rates/zones.html", label: "Rates", icon: icons.map },
];

export default function Home() {
  useTitle("Control Panel");
  const { email, role } = useSession();
  // Only what the member's role may use (roles.ts).
  const tiles = TILES.filter((t) => mayOpen(role, t.to));
  const more = MORE.filter((m) => mayOpen(role, m.to));
  return (
    <div className="cp-container">
      <header className="cp-page-header">
        <div className="cp-page-title">
          <h1>Control Panel</h1>
          {email ? (
            <p className="cp-sub">
              Signed in as {email}
              {role ? ` (${role})` : ""}
            </p>
          ) : null}
        </div>
      </header>
      {roleCan(role, "reports") ? (
        <Suspense fallback={null}>
          <Dashboard />
        </Suspense>
      ) : null}
      <nav aria-label="Control panel">
        <ul className="cp-tiles">
          {tiles.map((t) => (
            <li key={t.to} className={"wide" in t ? "cp-tile-wide" : undefined}>
              <Link to={t.to} className="cp-tile">
                <span className="cp-tile-icon" aria-hidden="true">
                  <Icon path={t.icon} size={34} />
                </span>
                <span className="cp-tile-label">{t.label}</span>
                <span className="cp-tile-text">{t.text}</span>
              </Link>
            </li>
          ))}
        </ul>
        <ul className="cp-more">
          {more.map((m) => (
            <li key={m.to}>
              <Link to={m.to} className="cp-chip">
                <Icon path={m.icon} size={18} />
                <span>{m.label}</span>
              </Link>
            </li>
          ))}
          <li>
            <a href="/" className="cp-chip" target="_blank" rel="noopener">
              <Icon path={icons.public} size={18} />
              <span>View site</span>
            </a>
          </li>
        </ul>
      </nav>
      <section className="cp-terms" aria-labelledby="cp-terms-title">
        <h2 id="cp-terms-title">Terms</h2>
        <p>
          By using this software the owner accepts that the developer is not liable for any damages, fraud or illegal use arising from it, and that the
          developer owes no updates or maintenance.
        </p>
      </section>
    </div>
  );
}
