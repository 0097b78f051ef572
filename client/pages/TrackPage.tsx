import { useCallback, useMemo, useState, type FormEvent } from "react";
import { Link, useNavigate, useSearchParams } from "react-router-dom";
import { useTranslation } from "react-i18next";
import "../styles/pages.css";
import "../styles/track.css";
import {
  TrackParcelDocument,
  TrackParcelsDocument,
  useTrackParcelLazyQuery,
  useTrackParcelQuery,
  useTrackParcelsQuery,
  type TrackParcelQuery,
} from "../generated/public";
import { warmQuery } from "../apollo";
import { callErrors, errorText, INVALID_JSON } from "../errors";
import { Icon } from "../components/Icon";
import { arrow_back, error as errorIcon, search } from "../components/icons";
import { PageHero } from "../components/PageHero";
import { TRACK_HERO } from "../components/heroImages";
import { TrackResult } from "../modules/parcel/TrackResult";
import { TrackSummary } from "../modules/parcel/TrackSummary";
import { useNoIndex, useStructuredData } from "../modules/parcel/seo";
import { useDocumentTitle } from "../components/brand";
import { splitCodes } from "../modules/parcel/codes";
import { TRACK_ERRORS } from "../modules/parcel/trackErrors";
import { serverErrors } from "../serverState";
import { useKeepTyped } from "../components/hydrated";
import { NetworkStatus } from "@apollo/client/core";

export type TrackedParcel = TrackParcelQuery["parcel"];

/** At most this many codes at once (the `track` query's limit). */
const MAX_CODES = 20;

/**
 * One code: its look-up (a fresh answer each time; the first one may be the request boot.ts sent), and
 * two quiet requests that leave the screen as it is while they run: `unlock` asks again with the
 * recipient's postcode or e-mail for a protected parcel (a wrong one only shows its error), `refresh`
 * after the recipient's choice. Their answers update the parcel on screen through Apollo's cache.
 */
function useParcelLookup(code: string | null) {
  const { t } = useTranslation();
  const query = useTrackParcelQuery({
    variables: { trackingCode: code ?? "" },
    skip: !code,
    fetchPolicy: "network-only",
    notifyOnNetworkStatusChange: true,
  });
  const [ask] = useTrackParcelLazyQuery({ fetchPolicy: "network-only" });
  const unlock = useCallback(
    async (trackingCode: string, verify: string): Promise<string[]> => {
      const { data, error, errors: answered } = await ask({ variables: { trackingCode, verify } });
      if (error || answered?.length || !data?.parcel) {
        // The promise of a lazy query gives the answer's errors as `errors` (errorPolicy "all").
        const errors = callErrors(error ?? answered).map((e) => errorText(t, e, TRACK_ERRORS));
        return errors.length ? errors : [INVALID_JSON];
      }
      // The form goes away with the notice: keep the keyboard and screen reader on the parcel.
      requestAnimationFrame(() => document.getElementById("parcel-code")?.focus());
      return [];
    },
    [ask, t],
  );
  const refresh = useCallback(
    async (trackingCode: string, verify: string | null) => {
      await ask({ variables: { trackingCode, verify } });
    },
    [ask],
  );
  return { query, unlock, refresh };
}

/** Before a hydration (client/start.tsx): the look-up the first render reads, as it reads it (see warmQuery). */
export function warmCache(): void {
  const codes = splitCodes(new URLSearchParams(location.search).get("code")?.trim() ?? "");
  if (codes.length === 1) warmQuery(TrackParcelDocument, { trackingCode: codes[0] });
  else if (codes.length > 1 && codes.length <= MAX_CODES) warmQuery(TrackParcelsDocument, { codes });
}

export default function TrackPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryCode = params.get("code")?.trim() ?? "";
  const codes = useMemo(() => splitCodes(queryCode), [queryCode]);
  const codesKey = codes.join(",");
  const several = codes.length > 1;
  const tooMany = codes.length > MAX_CODES;
  const [code, setCode] = useState(queryCode);
  // The code(s) in the address pre-fill the box (on load and on each new address); the queries follow the address.
  const [shownFor, setShownFor] = useState(queryCode);
  if (shownFor !== queryCode) {
    setShownFor(queryCode);
    setCode(queryCode);
  }
  const input = useKeepTyped(code, setCode);
  const { query: single, unlock, refresh } = useParcelLookup(codes.length === 1 ? codes[0] : null);
  /** Several codes at once with the `track` query: each code has its parcel or its own error. */
  const many = useTrackParcelsQuery({
    variables: { codes },
    skip: !several || tooMany,
    fetchPolicy: "network-only",
    notifyOnNetworkStatusChange: true,
  });
  // The second factor that unlocked this parcel: the recipient's choice after a failed attempt sends it again.
  const [verified, setVerified] = useState<{ code: string; verify: string } | null>(null);
  useDocumentTitle(t("track.title"));
  useNoIndex();

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const list = splitCodes(code);
    if (!list.length) return;
    const value = list.join(",");
    if (value === codesKey) {
      // The same code(s) again: a fresh look-up.
      if (list.length === 1) void single.refetch();
      else if (list.length <= MAX_CODES) void many.refetch();
    } else navigate({ search: `?code=${list.map(encodeURIComponent).join(",")}` }); // commas stay readable in the address
  };

  const data = several || single.error ? null : (single.data?.parcel ?? null);
  const items = several && !tooMany ? (many.data?.track ?? []) : [];
  useStructuredData(
    several
      ? items.flatMap((i) => (i.parcel ? [{ code: i.parcel.tracking_code, json: i.parcel.structured_data }] : []))
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
  const token = params.get("reschedule")?.trim() || null;
  const reschedule = useMemo(() => (data ? { verify, token, onDone: () => refresh(data.tracking_code, verify) } : undefined), [data, verify, token, refresh]);
  /** The first error of a look-up, as the visitor reads it. */
  const firstError = (error: unknown) => {
    const first = callErrors(error)[0];
    return first ? errorText(t, first, TRACK_ERRORS) : null;
  };
  // A code the server's render found no parcel for: the page brought the error, and the first look-up's
  // answer (start.tsx hands it to Apollo without a request), so the screen shows it while that one loads.
  const fromServer = codes.length === 1 && single.networkStatus === NetworkStatus.loading ? serverErrors("TrackParcel", { trackingCode: codes[0] }) : null;
  const singleError = fromServer ? firstError(fromServer) : single.loading ? null : firstError(single.error);
  const manyError = many.loading ? null : firstError(many.error);

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
            ref={input}
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
          tooMany ? (
            failure(t("track.tooMany", { max: MAX_CODES }))
          ) : many.loading ? (
            tracking
          ) : manyError ? (
            failure(manyError)
          ) : (
            <div className="track-many">
              {items.map((item) => (
                <TrackSummary key={item.tracking_code} item={item} />
              ))}
            </div>
          )
        ) : singleError ? (
          failure(singleError)
        ) : single.loading ? (
          tracking
        ) : data ? (
          <TrackResult parcel={data} onVerify={onVerify} reschedule={reschedule} verify={verify} />
        ) : (
          <div className="card track-hint">
            <p>{t("track.hint")}</p>
          </div>
        )}
      </div>
    </div>
  );
}
