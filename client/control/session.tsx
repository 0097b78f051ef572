import { useCallback, useEffect, useRef, type ReactNode } from "react";
import { Link, Navigate, useLocation, useNavigate } from "react-router-dom";
import { useTranslation } from "react-i18next";
import { useApolloClient } from "@apollo/client/react";
import createUploadLink from "apollo-upload-client/createUploadLink.mjs";
import { installUploadLink, onUnauthenticated } from "../apollo";
import { useSession, useStore } from "../state/store";
import { clearCacheKeepingGraph } from "../modules/graph/siteGraph";
import { AdminMeDocument, type AdminMeQuery } from "../generated/graphql";
import { ListState } from "./components/lists";
import { screenRule, roleCan, type Permission, type Role } from "./roles";
import { useTitle } from "./hooks/useTitle";

export { useSession };

export const SIGN_IN = "/control/signin.html";
export const HOME = "/control/index.html";
/** Where a member is sent whom the owner requires to use two-step sign-in and who has not set it up. */
export const TWO_STEP = "/control/account/two-step.html";

// Only the control panel uploads files (images, proofs, CSV imports): multipart requests for File variables
// (graphql-upload on the server), with the preflight header Apollo Server's CSRF prevention asks for.
installUploadLink(createUploadLink({ uri: "/graphql", credentials: "include", headers: { "apollo-require-preflight": "true" } }));

/**
 * Asks the server who is signed in (`me`) and puts the answer in the session (state/store.tsx), the one
 * place that holds it. `me` is not kept in Apollo's cache, so nothing else can disagree with it.
 */
export function useRefreshSession() {
  const client = useApolloClient();
  const { dispatch } = useStore();
  return useCallback(async () => {
    try {
      const { data } = await client.query<AdminMeQuery>({ query: AdminMeDocument, fetchPolicy: "no-cache", errorPolicy: "all" });
      // No answer to read (a network failure): the flag stays as it was, and the check is over.
      dispatch(data ? { type: "session/me", me: data.me ?? null } : { type: "session/checked" });
    } catch (e) {
      dispatch({ type: "session/checked" });
      throw e;
    }
  }, [client, dispatch]);
}

/** Signs the client out: the session is cleared and the cache forgets the member's data (the public start-up graph stays). */
export function useSignOutClient() {
  const { dispatch } = useStore();
  return useCallback(async () => {
    dispatch({ type: "session/signedOut" });
    await clearCacheKeepingGraph().catch(() => undefined);
  }, [dispatch]);
}

/**
 * Keeps the session in line with the server: asks `me` once when the control panel opens, and on
 * any UNAUTHENTICATED answer signs the client out and goes to sign-in.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const { dispatch } = useStore();
  const refresh = useRefreshSession();
  const asked = useRef(false);

  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    refresh().catch((e) => console.warn("session check failed", e));
  }, [refresh]);

  useEffect(
    () =>
      onUnauthenticated(() => {
        dispatch({ type: "session/signedOut" });
        navigate(SIGN_IN, { replace: true });
      }),
    [dispatch, navigate],
  );

  return <>{children}</>;
}

/**
 * Screens for signed-in admins: anyone else goes to sign-in (after the session check if the flag
 * says no); a member who must set up two-step sign-in first goes to that (the server refuses the rest).
 */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { admin, checked, totpSetupRequired } = useSession();
  const { pathname } = useLocation();
  if (admin && totpSetupRequired && !pathname.startsWith("/control/account/")) return <Navigate to={TWO_STEP} replace />;
  if (admin) return <>{children}</>;
  if (!checked) return <ListState loading empty />;
  return <Navigate to={SIGN_IN} replace />;
}

/** Guest-only screens: a signed-in admin goes to the control panel home. */
export function GuestOnly({ children }: { children: ReactNode }) {
  const { admin } = useSession();
  if (admin) return <Navigate to={HOME} replace />;
  return <>{children}</>;
}

/** The signed-in member's role (from `me`), and whether it holds a permission: what buttons ask. */
export function useRole() {
  const { role } = useSession();
  return { role, can: (permission: Permission) => roleCan(role, permission) };
}

/** A screen that cannot be shown (not found, not allowed): what it is, why, and the way home. */
export function DeadEnd({ title, testId, children }: { title: string; testId?: string; children: ReactNode }) {
  const { t } = useTranslation("control");
  return (
    <div className="cp-container">
      <div className="cp-card cp-notfound" role="alert" data-testid={testId}>
        <h1>{title}</h1>
        <p>{children}</p>
        <Link to={HOME} className="cp-btn cp-btn-outline">
          {t("actions.home")}
        </Link>
      </div>
    </div>
  );
}

/** roles.ts's `what` ("see the stale parcels list") as the key of its words (`notAllowed.what.seeTheStaleParcelsList`). */
const whatKey = (what: string) => what.replace(/[^A-Za-z]+([A-Za-z])/g, (_m, c: string) => c.toUpperCase());

/** What a member sees at a screen their role may not use, instead of a screen that would fail. */
function NotAllowed({ role, what }: { role: Role; what: string }) {
  const { t } = useTranslation("control");
  useTitle(t("notAllowed.title"));
  return (
    <DeadEnd title={t("notAllowed.title")} testId="not-allowed">
      {t("notAllowed.text", { role: t(`roles.${role}`), what: t(`notAllowed.what.${whatKey(what)}`, { defaultValue: what }) })}
    </DeadEnd>
  );
}

/** Screens a role may not use (roles.ts SCREENS) show a clear notice instead. */
export function RoleGate({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const { role, checked } = useSession();
  const rule = screenRule(pathname);
  if (!rule) return <>{children}</>;
  if (!role) return checked ? <>{children}</> : <ListState loading empty />;
  if (!roleCan(role, rule.permission)) return <NotAllowed role={role} what={rule.what} />;
  return <>{children}</>;
}
