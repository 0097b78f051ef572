import { useState, type FormEvent } from "react";
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

/** The filters given (not blank), trimmed: what goes to the server and into the address. */
export function givenFilters<K extends string>(f: Record<K, string>): Partial<Record<K, string>> {
  return Object.fromEntries(
    Object.entries<string>(f)
      .filter(([, v]) => v.trim() !== "")
      .map(([k, v]) => [k, v.trim()]),
  ) as Partial<Record<K, string>>;
}

/**
 * A list's filters, kept in the address with its page: those applied (from the address, "" where not given) and
 * `given` (the non-blank ones, trimmed), the draft the form edits (`field(name)` gives a field its value and
 * onChange), `submit` (the form's: applies the draft from page 1), `clear` (empties both), and `go` to another page
 * or with more values of the screen's own in the address (Messages' open message).
 */
export function useListFilters<K extends string>(names: readonly K[]) {
  const [params, setParams] = useSearchParams();
  const applied = Object.fromEntries(names.map((f) => [f, params.get(f) ?? ""])) as Record<K, string>;
  const [draft, setDraft] = useState(applied);
  const page = Math.max(1, Number(params.get("page")) || 1);
  const field = (k: K) => ({ value: draft[k], onChange: (e: { target: { value: string } }) => setDraft({ ...draft, [k]: e.target.value }) });
  const go = (filters: Record<K, string>, p = 1, more: Record<string, string | number | null | undefined> = {}) => {
    const q = new URLSearchParams(givenFilters(filters) as Record<string, string>);
    if (p > 1) q.set("page", String(p));
    for (const [k, v] of Object.entries(more)) if (v) q.set(k, String(v));
    setParams(q);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    go(draft);
  };
  const clear = () => {
    setDraft(Object.fromEntries(names.map((f) => [f, ""])) as Record<K, string>);
    setParams({});
  };
  return { params, applied, given: givenFilters(applied), draft, field, page, go, submit, clear };
}
