import { createContext, useContext, useEffect, type ReactNode } from "react";
import { Navigate, useNavigate } from "react-router-dom";
import { useApolloClient } from "@apollo/client";
import { onUnauthenticated } from "../apollo";
import { useStore } from "../state/store";
import { AdminMeDocument, useAdminMeQuery, type AdminMeQuery } from "../generated/graphql";
import { ListState } from "./components/lists";

export const SIGN_IN = "/control/signin.html";
export const HOME = "/control/index.html";

const SessionContext = createContext<{ checked: boolean; email: string | null }>({ checked: false, email: null });

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

  return <SessionContext.Provider value={{ checked: !loading, email: data?.me?.email ?? null }}>{children}</SessionContext.Provider>;
}

export const useSession = () => useContext(SessionContext);

/** Records a signed-in admin on the client (after signIn). */
export function useMarkSignedIn() {
  const { dispatch } = useStore();
  const client = useApolloClient();
  return (email: string) => {
    client.cache.writeQuery<AdminMeQuery>({ query: AdminMeDocument, data: { me: { __typename: "AdminAccount", email } } as AdminMeQuery });
    dispatch({ type: "admin/set", admin: true });
  };
}

/** Screens for signed-in admins: anyone else goes to sign-in (after the session check if the flag says no). */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { state } = useStore();
  const { checked } = useSession();
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
