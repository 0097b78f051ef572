import { useCallback, useEffect } from "react";
import { useApolloClient } from "@apollo/client/react";
import { accountNext } from "@shared/modules/shipper/next.codes";
import { dropDraft } from "../quote/draft";
import { UserAccountDocument, useUserAccountQuery, useUserSignOutMutation, type UserAccountQuery } from "../../generated/shipper";

export type ShipperAccount = NonNullable<UserAccountQuery["user"]>;

/** The signed-in shipper (the shipper cookie; a staff session is not one), asked of the server on each visit of the area. */
export function useShipper() {
  const { data, loading, error, refetch } = useUserAccountQuery({ fetchPolicy: "cache-and-network" });
  const unconfirmed = data?.user?.email_verified === false;
  // The mailed link opens in another tab: coming back to this one asks again, and the "confirm" banner goes.
  useEffect(() => {
    if (!unconfirmed) return;
    const again = () => {
      if (document.visibilityState === "visible") void refetch().catch(() => undefined);
    };
    window.addEventListener("focus", again);
    document.addEventListener("visibilitychange", again);
    return () => {
      window.removeEventListener("focus", again);
      document.removeEventListener("visibilitychange", again);
    };
  }, [unconfirmed, refetch]);
  return { user: data?.user ?? null, loading: loading && !data, error };
}

/** Puts the shipper a sign-in, sign-up or verification answered into the cache (null: signed out). */
export function useSetShipper() {
  const client = useApolloClient();
  return useCallback(
    (user: ShipperAccount | null) => {
      client.writeQuery({ query: UserAccountDocument, data: { user } });
      if (!user) {
        for (const fieldName of ["bookings", "addresses", "pickups", "userStatements", "userApiKeys"]) client.cache.evict({ fieldName });
        client.cache.gc();
      }
    },
    [client],
  );
}

export function useSignOut() {
  const [signOut, { loading }] = useUserSignOutMutation();
  const setShipper = useSetShipper();
  const run = useCallback(async () => {
    await signOut().catch(() => undefined);
    // A shipment begun here is not for whoever signs in next on this browser.
    dropDraft();
    setShipper(null);
  }, [signOut, setShipper]);
  return { signOut: run, loading };
}

/** A path inside the area to come back to after signing in, up or confirming (never another site's: next.codes.ts). */
export const safeNext = (next: string | null): string => accountNext(next);
