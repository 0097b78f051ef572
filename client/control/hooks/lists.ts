import { useState } from "react";
import { useLocation, useSearchParams } from "react-router-dom";
import { useApolloClient } from "@apollo/client/react";
import type { ApolloCache, ApolloError } from "@apollo/client/core";
import { errorMessages } from "../../errors";
import { useToast } from "../components/Toast";
import { isNotFound } from "./errors";
import { controlText } from "../texts";

interface PageShape {
  current_page: number;
  next_page_url?: string | null;
  data: { id: number }[];
}

/**
 * Fetches page + 1 of a paged list and appends it to the list already shown. `fetchMore` is the
 * generated query hook's own; its option types are Apollo's generics, so it is taken as is.
 */
export function useNextPage<K extends string, Q extends { [key in K]: PageShape }>(
  field: K,
  data: Q | undefined,
  fetchMore: (options: never) => Promise<unknown>,
) {
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const next = async () => {
    const current = data?.[field];
    if (!current?.next_page_url) return;
    setLoading(true);
    setError(null);
    const updateQuery = (prev: Q, { fetchMoreResult }: { fetchMoreResult?: Q }): Q => {
      if (!fetchMoreResult) return prev;
      const seen = new Set(prev[field].data.map((x) => x.id));
      const more = fetchMoreResult[field].data.filter((x) => !seen.has(x.id));
      return { ...prev, [field]: { ...fetchMoreResult[field], data: [...prev[field].data, ...more] } };
    };
    try {
      await fetchMore({ variables: { page: current.current_page + 1 }, updateQuery } as never);
    } catch (e) {
      setError(errorMessages(e)[0] ?? controlText("errors.nextPage") ?? "Could not fetch the next page");
    } finally {
      setLoading(false);
    }
  };
  return { next, loading, error };
}

/**
 * Delete after window.confirm; the first error goes to a 10-second toast. A record that is
 * already gone (NOT_FOUND) also leaves the lists.
 */
export function useConfirmDelete(typename: string) {
  const toast = useToast();
  const client = useApolloClient();
  const [busyId, setBusyId] = useState<number | null>(null);
  const run = async (id: number, call: () => Promise<unknown>): Promise<boolean> => {
    if (!window.confirm(controlText("confirm.delete") ?? "are you sure you want to delete")) return false;
    setBusyId(id);
    try {
      await call();
      return true;
    } catch (e) {
      toast(errorMessages(e)[0] ?? controlText("errors.delete") ?? "Could not delete");
      if (isNotFound(e as ApolloError)) evict(client.cache, typename, id);
      return false;
    } finally {
      setBusyId(null);
    }
  };
  return { run, busyId };
}

/** Removes a deleted record from every cached list that shows it. */
export function evict(cache: ApolloCache<unknown>, typename: string, id: number) {
  cache.evict({ id: cache.identify({ __typename: typename, id }) });
  cache.gc();
}

/** A success message handed over by the screen that navigated here (after a create or edit). */
export function useFlash(): string {
  const location = useLocation();
  return (location.state as { flash?: string } | null)?.flash ?? "";
}

/**
 * A list's filters, kept in the address: those applied (from the address, "" where not given), the
 * draft the form edits, `set(name)` for a field's onChange, and `clear` to empty both.
 */
export function useFilterParams<K extends string>(names: readonly K[]) {
  const [params, setParams] = useSearchParams();
  const applied = Object.fromEntries(names.map((f) => [f, params.get(f) ?? ""])) as Record<K, string>;
  const [draft, setDraft] = useState(applied);
  const set = (k: K) => (e: { target: { value: string } }) => setDraft({ ...draft, [k]: e.target.value });
  const clear = () => {
    setDraft(Object.fromEntries(names.map((f) => [f, ""])) as Record<K, string>);
    setParams({});
  };
  return { params, setParams, applied, draft, set, clear };
}
