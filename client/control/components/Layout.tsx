import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, Outlet, useLocation, useNavigate } from "react-router-dom";
import { useStore } from "../../state/store";
import { useAdminSignOutMutation } from "../../generated/graphql";
import { SIGN_IN, HOME, RoleGate, useSession, useSignOutClient } from "../session";
import { mayOpen } from "../roles";
import { Icon } from "../../components/Icon";
import { useProductName } from "../../components/brand";
import * as icons from "../icons";
import { GuestLanguageChooser } from "../i18n";

function ThemeToggle() {
  const { t } = useTranslation("control");
  const { state, dispatch } = useStore();
  const dark = state.theme === "DARK";
  return (
    <button
      type="button"
      className="cp-icon-btn cp-topbar-btn"
      onClick={() => dispatch({ type: "theme/toggle" })}
      aria-label={dark ? t("header.toLight") : t("header.toDark")}
      title={dark ? t("header.light") : t("header.dark")}
    >
      <Icon path={dark ? icons.light_mode : icons.dark_mode} size={22} />
    </button>
  );
}

/** The company's name (from the settings) over CONTROL PANEL. */
function Brand() {
  const { t } = useTranslation("control");
  const company = useProductName();
  return (
    <>
      <Icon path={icons.dashboard} size={22} />
      <span className="cp-brand-text">
        <span className="cp-brand-company" data-testid="company-name">
          {company}
        </span>
        <span className="cp-brand-sub">{t("header.controlPanel")}</span>
      </span>
    </>
  );
}

function SkipLink() {
  const { t } = useTranslation("control");
  return (
    <a className="cp-skip" href="#cp-main">
      {t("header.skip")}
    </a>
  );
}

/** The sections; `label` is the key of the section's name (`control`'s nav.*). */
const NAV = [
  { to: "/control/parcels/list.html", label: "nav.parcels", match: "/control/parcels" },
  { to: "/control/dispatch", label: "nav.dispatch", match: "/control/dispatch" },
  { to: "/control/pages/list.html", label: "nav.pages", match: "/control/pages" },
  { to: "/control/reviews/list.html", label: "nav.reviews", match: "/control/reviews" },
  { to: "/control/email/send.html", label: "nav.email", match: "/control/email" },
  { to: "/control/messages", label: "nav.messages", match: "/control/messages" },
  { to: "/control/invoice/list.html", label: "nav.invoices", match: "/control/invoice" },
  { to: "/control/settings", label: "nav.settings", match: "/control/settings" },
  { to: "/control/staff/list.html", label: "nav.staff", match: "/control/staff" },
  { to: "/control/run", label: "nav.myRun", match: "/control/run" },
  // Cash on delivery (contract section 12): balances and cash-ups, remittances and the ledger are tabs of its screen.
  { to: "/control/cod/index.html", label: "nav.cod", match: "/control/cod" },
  // Shippers and rates (contract section 10): bookings, pickups, statements and rates are tabs of its screens.
  { to: "/control/shippers/list.html", label: "nav.shippers", match: "/control/shippers" },
] as const;

/** The signed-in admin's frame: top bar with CONTROL PANEL, section links, theme and Sign Out. */
export function AdminLayout() {
  const { t } = useTranslation("control");
  const [signOut, { loading }] = useAdminSignOutMutation();
  const signOutClient = useSignOutClient();
  const navigate = useNavigate();
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname } = useLocation();
  const { role } = useSession();
  const nav = NAV.filter((n) => mayOpen(role, n.to));
  // Each screen starts at the top, as on the public side.
  useEffect(() => {
    // A block body: newer browsers' scrollTo returns a promise, which React would take for a cleanup.
    window.scrollTo(0, 0);
  }, [pathname]);

  const onSignOut = async () => {
    try {
      await signOut();
    } catch {
      // Signed out on the client either way.
    } finally {
      await signOutClient();
      navigate(SIGN_IN, { replace: true });
    }
  };

  return (
    <div className="cp-app">
      <SkipLink />
      <header className="cp-topbar cp-noprint">
        <div className="cp-topbar-inner">
          <Link to={HOME} className="cp-brand">
            <Brand />
          </Link>
          <div className="cp-topbar-actions">
            <Link to="/control/account/index.html" className="cp-icon-btn cp-topbar-btn" aria-label={t("header.account")} title={t("header.account")}>
              <Icon path={icons.person} size={22} />
            </Link>
            <ThemeToggle />
            <button type="button" className="cp-signout" onClick={onSignOut} disabled={loading}>
              <Icon path={icons.logout} size={20} />
              <span>{t("header.signOut")}</span>
            </button>
            <button
              type="button"
              className="cp-icon-btn cp-topbar-btn cp-menu-btn"
              aria-expanded={menuOpen}
              aria-controls="cp-nav"
              onClick={() => setMenuOpen((o) => !o)}
              aria-label={menuOpen ? t("header.closeMenu") : t("header.openMenu")}
            >
              <Icon path={menuOpen ? icons.close : icons.menu} size={24} />
            </button>
          </div>
          <nav id="cp-nav" className={`cp-nav${menuOpen ? " cp-nav-open" : ""}`} aria-label={t("nav.label")}>
            {nav.map((n) => (
              <Link
                key={n.to}
                to={n.to}
                className={pathname.startsWith(n.match) ? "cp-nav-link active" : "cp-nav-link"}
                aria-current={pathname.startsWith(n.match) ? "page" : undefined}
                onClick={() => setMenuOpen(false)}
              >
                {t(n.label)}
              </Link>
            ))}
          </nav>
        </div>
      </header>
      <main id="cp-main" className="cp-main" tabIndex={-1}>
        <RoleGate>
          <Outlet />
        </RoleGate>
      </main>
    </div>
  );
}

/** Sign-in, sign-up and reset screens: a plain frame with a way back to the public site. */
export function GuestLayout() {
  const { t } = useTranslation("control");
  return (
    <div className="cp-app cp-guest">
      <SkipLink />
      <header className="cp-topbar">
        <div className="cp-topbar-inner">
          <span className="cp-brand">
            <Brand />
          </span>
          <div className="cp-topbar-actions">
            <GuestLanguageChooser />
            <ThemeToggle />
            <Link to="/" className="cp-topbar-link">
              <Icon path={icons.public} size={20} />
              <span>{t("header.viewSite")}</span>
            </Link>
          </div>
        </div>
      </header>
      <main id="cp-main" className="cp-main cp-guest-main" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}
