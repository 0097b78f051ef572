import { startTransition, useCallback, useEffect, useMemo, useState, type FormEvent } from "react";
import { Link, useNavigate, useSearchParams } from "react-router-dom";
import { useTranslation } from "react-i18next";
import "../styles/pages.css";
import "../styles/track.css";
import type { TrackParcelQuery, TrackParcelQueryVariables, TrackParcelsQuery, TrackParcelsQueryVariables } from "../generated/graphql";
import trackParcelsSource from "../modules/parcel/graphql/TrackParcels.graphql?raw";
import { gqlFetch } from "../modules/graph/gqlFetch";
import { useStore } from "../state/store";
import { Icon } from "../components/Icon";
import { arrow_back, error as errorIcon, search } from "../components/icons";
import { PageHero } from "../components/PageHero";
import { TRACK_HERO } from "../components/heroImages";
import { TrackResult } from "../modules/parcel/TrackResult";
import { TrackSummary, type TrackItem } from "../modules/parcel/TrackSummary";
import { useNoIndex, useStructuredData } from "../modules/parcel/seo";
import { useDocumentTitle } from "../components/brand";
import { splitCodes, takePrefetchedParcel, trackParcelSource } from "../modules/parcel/prefetch";

export { splitCodes };

export type TrackedParcel = TrackParcelQuery["parcel"];

/** At most this many codes at once (the `track` query's limit). */
const MAX_CODES = 20;

let lastLookup = 0;
/**
 * Looks a parcel up and keeps the lookup in the client state (idle, fetching, data/errors).
 * `unlock` asks again with the recipient's postcode or e-mail for a protected parcel: the
 * anonymous view stays on screen and a wrong value only shows its error.
 */
function useParcelLookup() {
  const { t } = useTranslation();
  const { dispatch } = useStore();
  const lookup = useCallback(
    async (code: string) => {
      const id = ++lastLookup;
      // Transitions (here and below): the screen re-renders in short slices, not in one long task.
      startTransition(() => dispatch({ type: "parcel/fetching" }));
      const variables: TrackParcelQueryVariables = { trackingCode: code };
      const { data, errors } = await (takePrefetchedParcel(code) ?? gqlFetch<TrackParcelQuery>(trackParcelSource, variables));
      if (id !== lastLookup) return; // a newer look-up is under way
      startTransition(() => dispatch({ type: "parcel/result", data: errors.length ? null : (data?.parcel ?? null), errors }));
    },
    [dispatch],
  );
  const unlock = useCallback(
    async (code: string, verify: string): Promise<string[]> => {
      const id = lastLookup;
      const variables: TrackParcelQueryVariables = { trackingCode: code, verify };
      const { data, errors } = await gqlFetch<TrackParcelQuery>(trackParcelSource, variables);
      if (errors.length || !data?.parcel) {
        const list = errors.length ? errors : ["Invalid Json"];
        return list.map((m) => (/^verify does not match/i.test(m) ? t("track.verifyWrong") : m));
      }
      if (id === lastLookup) {
        dispatch({ type: "parcel/result", data: data.parcel, errors: [] });
        // The form goes away with the notice: keep the keyboard and screen reader on the parcel.
        requestAnimationFrame(() => document.getElementById("parcel-code")?.focus());
      }
      return [];
    },
    [dispatch, t],
  );
  /** The same parcel again, without the loading state (after the recipient's choice). */
  const refresh = useCallback(
    async (code: string, verify: string | null) => {
      const variables: TrackParcelQueryVariables = { trackingCode: code, verify };
      const { data, errors } = await gqlFetch<TrackParcelQuery>(trackParcelSource, variables);
      if (!errors.length && data?.parcel) dispatch({ type: "parcel/result", data: data.parcel, errors: [] });
    },
    [dispatch],
  );
  return { lookup, unlock, refresh };
}

interface ManyState {
  fetching: boolean;
  items: TrackItem[];
  errors: string[];
}
const IDLE: ManyState = { fetching: false, items: [], errors: [] };

/** Several codes at once with the `track` query: each code has its parcel or its own error. */
function useManyLookup() {
  const [state, setState] = useState<ManyState>(IDLE);
  const lookupMany = useCallback(async (codes: string[]) => {
    const id = ++lastLookup;
    setState({ fetching: true, items: [], errors: [] });
    const variables: TrackParcelsQueryVariables = { codes };
    const { data, errors } = await gqlFetch<TrackParcelsQuery>(trackParcelsSource, variables);
    if (id !== lastLookup) return;
    startTransition(() => setState({ fetching: false, items: errors.length ? [] : (data?.track ?? []), errors }));
  }, []);
  const reset = useCallback(() => setState(IDLE), []);
  return { many: state, lookupMany, reset };
}

export default function TrackPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryCode = params.get("code")?.trim() ?? "";
  const codes = splitCodes(queryCode);
  const codesKey = codes.join(",");
  const several = codes.length > 1;
  const [code, setCode] = useState(queryCode);
  const { state, dispatch } = useStore();
  const { lookup, unlock, refresh } = useParcelLookup();
  // The second factor that unlocked this parcel: the recipient's choice after a failed attempt sends it again.
  const [verified, setVerified] = useState<{ code: string; verify: string } | null>(null);
  const { many, lookupMany, reset } = useManyLookup();
  const parcel = state.parcel;
  useDocumentTitle(t("track.title"));
  useNoIndex();

  // The code(s) in the address pre-fill the box and search (on load and on each new address).
  useEffect(() => {
    setCode(queryCode);
    const list = codesKey ? codesKey.split(",") : [];
    if (list.length > 1) {
      dispatch({ type: "parcel/reset" });
      if (list.length <= MAX_CODES) void lookupMany(list);
      else reset();
    } else {
      reset();
      if (list.length === 1) void lookup(list[0]);
      else dispatch({ type: "parcel/reset" });
    }
  }, [queryCode, codesKey, lookup, lookupMany, reset, dispatch]);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const list = splitCodes(code);
    if (!list.length) return;
    const value = list.join(",");
    if (value === codesKey) {
      if (list.length === 1) void lookup(value);
      else if (list.length <= MAX_CODES) void lookupMany(list);
    } else navigate({ search: `?code=${list.map(encodeURIComponent).join(",")}` }); // commas stay readable in the address
  };

  const data = several ? null : (parcel.data as TrackedParcel | null);
  useStructuredData(
    several
      ? many.items.flatMap((i) => (i.parcel ? [{ code: i.parcel.tracking_code, json: i.parcel.structured_data }] : []))
      : data
        ? [{ code: data.tracking_code, json: data.structured_data }]
        : [],
  );
  const onVerify = useCallback(
    async (verify: string) => {
      if (!data) return [];
      const errors = await unlock(data.tracking_code, verify);
      if (!errors.length) setVerified({ code: data.tracking_code, verify });
      return errors;
    },
    [data, unlock],
  );
  const verify = data && verified?.code === data.tracking_code ? verified.verify : null;
  const reschedule = useMemo(
    () => (data ? { verify, onDone: () => refresh(data.tracking_code, verify) } : undefined),
    [data, verify, refresh],
  );

  const tracking = (
    <div className="card track-status" role="status">
      <span className="spinner" aria-hidden="true" />
      <span>{t("track.tracking")}</span>
    </div>
  );
  const failure = (message: string) => (
    <div className="card track-error" role="alert">
      <Icon path={errorIcon} size={28} />
      <p>{message.toUpperCase()}</p>
    </div>
  );

  return (
    <div className="track-page">
      <PageHero title={t("track.title")} subtitle={t("track.subtitle")} hero={TRACK_HERO} overlay="overlay1" compact>
        <form className="track-search" role="search" onSubmit={onSubmit}>
          <Link to="/" className="track-back" aria-label={t("track.back")} title={t("track.back")}>
            <Icon path={arrow_back} className="flip-rtl" />
          </Link>
          <label htmlFor="track-code" className="visually-hidden">
            {t("track.inputLabel")}
          </label>
          <input
            id="track-code"
            name="code"
            className="track-input"
            placeholder={t("track.placeholder")}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={MAX_CODES * 66}
            enterKeyHint="search"
            dir="auto"
            aria-describedby="track-code-hint"
          />
          <button type="submit" className="track-submit" aria-label={t("track.submit")}>
            <Icon path={search} />
            <span className="track-submit-text">{t("track.submit")}</span>
          </button>
        </form>
        <p id="track-code-hint" className="track-many-hint">
          {t("track.hintMany", { max: MAX_CODES })}
        </p>
      </PageHero>

      <div className="container track-body">
        {several ? (
          codes.length > MAX_CODES ? (
            failure(t("track.tooMany", { max: MAX_CODES }))
          ) : many.fetching ? (
            tracking
          ) : many.errors.length ? (
            failure(many.errors[0])
          ) : (
            <div className="track-many">
              {many.items.map((item) => (
                <TrackSummary key={item.tracking_code} item={item} />
              ))}
            </div>
          )
        ) : parcel.fetching ? (
          tracking
        ) : parcel.errors.length ? (
          failure(parcel.errors[0])
        ) : data ? (
          <TrackResult parcel={data} onVerify={onVerify} reschedule={reschedule} />
        ) : (
          <div className="card track-hint">
            <p>{t("track.hint")}</p>
          </div>
        )}
      </div>
    </div>
  );
}
