import { createContext, useContext, useEffect, type ReactNode } from "react";
import { Link, Navigate, useLocation, useNavigate } from "react-router-dom";
import { useApolloClient } from "@apollo/client";
import { onUnauthenticated } from "../apollo";
import { useStore } from "../state/store";
import { AdminMeDocument, useAdminMeQuery, type AdminMeQuery } from "../generated/graphql";
import { ListState } from "./components/lists";
import { ROLES, screenRule, roleCan, type Permission, type Role } from "./roles";
import { useTitle } from "./hooks/useTitle";

export const SIGN_IN = "/control/signin.html";
export const HOME = "/control/index.html";
/** Where a member is sent whom the owner requires to use two-step sign-in and who has not set it up. */
export const TWO_STEP = "/control/account/two-step.html";

interface Session {
  checked: boolean;
  email: string | null;
  role: Role | null;
  /** The owner requires two-step sign-in and this member has not set it up: only My Account works. */
  totpSetupRequired: boolean;
}
const SessionContext = createContext<Session>({ checked: false, email: null, role: null, totpSetupRequired: false });

const asRole = (r: string | null | undefined): Role | null => ((ROLES as readonly string[]).includes(r ?? "") ? (r as Role) : null);

/**
 * Keeps the persisted admin flag in line with the server: asks `me` once when the control
 * panel opens, and on any UNAUTHENTICATED answer signs the client out and goes to sign-in.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const { dispatch } = useStore();
  const navigate = useNavigate();
  const client = useApolloClient();
  const { data, loading } = useAdminMeQuery({ fetchPolicy: "network-only", nextFetchPolicy: "cache-first", errorPolicy: "all" });

  useEffect(() => {
    if (data) dispatch({ type: "admin/set", admin: Boolean(data.me) });
  }, [data, dispatch]);

  useEffect(
    () =>
      onUnauthenticated(() => {
        client.cache.writeQuery<AdminMeQuery>({ query: AdminMeDocument, data: { me: null } });
        dispatch({ type: "admin/set", admin: false });
        navigate(SIGN_IN, { replace: true });
      }),
    [client, dispatch, navigate],
  );

  const me = data?.me;
  return (
    <SessionContext.Provider value={{ checked: !loading, email: me?.email ?? null, role: asRole(me?.role), totpSetupRequired: Boolean(me?.totp_setup_required) }}>
      {children}
    </SessionContext.Provider>
  );
}

export const useSession = () => useContext(SessionContext);

/** Records a signed-in admin on the client (after signIn): reads `me` afresh (role, two-step sign-in). */
export function useMarkSignedIn() {
  const { dispatch } = useStore();
  const client = useApolloClient();
  return async () => {
    await client.query<AdminMeQuery>({ query: AdminMeDocument, fetchPolicy: "network-only" });
    dispatch({ type: "admin/set", admin: true });
  };
}

/**
 * Screens for signed-in admins: anyone else goes to sign-in (after the session check if the flag
 * says no); a member who must set up two-step sign-in first goes to that (the server refuses the rest).
 */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { state } = useStore();
  const { checked, totpSetupRequired } = useSession();
  const { pathname } = useLocation();
  if (state.admin && totpSetupRequired && !pathname.startsWith("/control/account/")) return <Navigate to={TWO_STEP} replace />;
  if (state.admin) return <>{children}</>;
  if (!checked) return <ListState loading empty />;
  return <Navigate to={SIGN_IN} replace />;
}

/** Guest-only screens: a signed-in admin goes to the control panel home. */
export function GuestOnly({ children }: { children: ReactNode }) {
  const { state } = useStore();
  if (state.admin) return <Navigate to={HOME} replace />;
  return <>{children}</>;
}

/** The signed-in member's role (from `me`), and whether it holds a permission: what buttons ask. */
export function useRole() {
  const { role } = useSession();
  return { role, can: (permission: Permission) => roleCan(role, permission) };
}

/** What a member sees at a screen their role may not use, instead of a screen that would fail. */
function NotAllowed({ role, what }: { role: Role; what: string }) {
  useTitle("Not allowed");
  return (
    <div className="cp-container">
      <div className="cp-card cp-notfound" role="alert" data-testid="not-allowed">
        <h1>Not allowed</h1>
        <p>
          Your role ({role}) may not {what}. Ask an owner if you need it.
        </p>
        <Link to={HOME} className="cp-btn cp-btn-outline">
          Control panel home
        </Link>
      </div>
    </div>
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
