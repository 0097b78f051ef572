import { useState } from "react";
import { Navigate, NavLink, Outlet, Route, Routes, useLocation, useNavigate } from "react-router-dom";
import { useShipperTranslation } from "../quote/i18n";
import "../quote/quote.css";
import "./account.css";
import { PageHero } from "../../components/PageHero";
import { Icon } from "../../components/Icon";
import { PageLoading } from "../../components/layout/PageLoading";
import { account_balance_wallet, account_circle, add_box, event, key, local_shipping, power_settings_new, receipt } from "../quote/icons";
import { ForgotScreen, PasswordScreen, SignInScreen, SignUpScreen, VerifyScreen } from "./AuthScreens";
import { NewShipment } from "./NewShipment";
import { Shipments } from "./Shipments";
import { Pickups } from "./Pickups";
import { Statements } from "./Statements";
import { Collections } from "./Collections";
import { ApiKeys } from "./ApiKeys";
import { Profile } from "./Profile";
import { useShipper, useSignOut } from "./useShipper";

/** The shipper's area (/account/*): the sign-in screens, then its sections for a signed-in shipper. */
export function AccountRoutes() {
  return (
    <Routes>
      <Route path="signin" element={<SignInScreen />} />
      <Route path="signup" element={<SignUpScreen />} />
      <Route path="verify" element={<VerifyScreen />} />
      <Route path="forgot" element={<ForgotScreen />} />
      <Route path="password" element={<PasswordScreen />} />
      <Route element={<AccountLayout />}>
        <Route index element={<Shipments />} />
        <Route path="new" element={<NewShipment />} />
        <Route path="pickups" element={<Pickups />} />
        <Route path="statements" element={<Statements />} />
        <Route path="cod" element={<Collections />} />
        <Route path="keys" element={<ApiKeys />} />
        <Route path="profile" element={<Profile />} />
        <Route path="*" element={<Navigate to="/account" replace />} />
      </Route>
    </Routes>
  );
}

const SECTIONS = [
  { to: "/account", key: "shipments", icon: local_shipping, end: true },
  { to: "/account/new", key: "newShipment", icon: add_box },
  { to: "/account/pickups", key: "pickups", icon: event },
  { to: "/account/statements", key: "statements", icon: receipt },
  { to: "/account/cod", key: "cod", icon: account_balance_wallet },
  { to: "/account/keys", key: "apiKeys", icon: key },
  { to: "/account/profile", key: "profile", icon: account_circle },
] as const;

/** A signed-in shipper's frame: its name, the sections, sign-out; without a shipper session, the sign-in. */
function AccountLayout() {
  const { t } = useShipperTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const { user, loading } = useShipper();
  const { signOut, loading: signingOut } = useSignOut();
  // Signing out: the shipper leaves the cache before the sign-in's address is in (a navigation is a transition, the
  // cache's change is not), so without this the frame would send to the sign-in with this page as `next`.
  const [leaving, setLeaving] = useState(false);
  // The mailed link confirmed the e-mail and led here (VerifyScreen): said once, above the screen it led to.
  const verified = (location.state as { verified?: boolean } | null)?.verified === true;

  if (loading) return <PageLoading />;
  if (!user) {
    if (leaving) return <PageLoading />;
    return <Navigate to={`/account/signin?next=${encodeURIComponent(location.pathname + location.search)}`} replace />;
  }

  return (
    <>
      <PageHero title={t("account.title")} subtitle={user.name} hero="hero-warehouse" overlay="overlay2" compact />
      <div className="container page-body account-body">
        <nav className="account-nav" aria-label={t("account.sections")}>
          <ul>
            {SECTIONS.map((s) => (
              <li key={s.key}>
                <NavLink to={s.to} end={"end" in s ? s.end : undefined}>
                  <Icon path={s.icon} size={20} />
                  <span>{t(`account.nav.${s.key}`)}</span>
                </NavLink>
              </li>
            ))}
          </ul>
          <button
            type="button"
            className="btn btn-outline btn-small account-signout"
            disabled={signingOut}
            onClick={() => {
              setLeaving(true);
              void signOut().then(() => navigate("/account/signin", { replace: true }));
            }}
          >
            <Icon path={power_settings_new} size={18} />
            {t("account.signOut")}
          </button>
        </nav>
        <div className="account-main">
          {user.email_verified === false ? (
            <div className="alert alert-warning" role="status" data-testid="verify-banner">
              <p>{t("account.verifyBanner", { email: user.email })}</p>
            </div>
          ) : verified ? (
            <div className="alert alert-success" role="status" data-testid="verified-notice">
              <p>{t("account.verified")}</p>
            </div>
          ) : null}
          <Outlet />
        </div>
      </div>
    </>
  );
}
