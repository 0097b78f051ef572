import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Icon } from "../../components/Icon";
import { useHydrated } from "../../components/hydrated";
import { fmtTimeRange, fmtMoment, plural } from "./format";
import * as icons from "./icons";
import type { LiveState } from "./liveSubscription";

/**
 * The parcel's live part (its stop on a started run): as the page loaded it, then as the parcelLive subscription
 * sends it (graphql-ws, imported only while the parcel is on a started run): the stops before it count down as
 * the courier's other stops are done, and the courier shows once it heads to this very stop, without a reload.
 */
export function useLive(trackingCode: string, verify: string | null, loaded: LiveState | null | undefined): LiveState | null {
  const [live, setLive] = useState<LiveState | null>(loaded ?? null);
  const [from, setFrom] = useState(loaded);
  if (from !== loaded) {
    setFrom(loaded);
    setLive(loaded ?? null);
  }
  const onRun = !!live;
  useEffect(() => {
    if (!onRun) return;
    let stop: (() => void) | undefined;
    let gone = false;
    import("./liveSubscription")
      .then((m) => {
        if (!gone) stop = m.subscribeLive(trackingCode, verify, setLive);
      })
      .catch(() => undefined);
    return () => {
      gone = true;
      stop?.();
    };
  }, [onRun, trackingCode, verify]);
  return live;
}

/** "Delivery window 10:15–11:15 · 2 stops before yours", or that the courier is on the way. */
export function LiveNote({ live }: { live: LiveState }) {
  const { t, i18n } = useTranslation();
  const local = useHydrated();
  const zone = local ? undefined : "UTC";
  const n = live.stops_before;
  return (
    <div className="result-live" data-testid="live">
      <Icon path={icons.moped} size={20} />
      <span>
        <span className="visually-hidden">{t("live.title")}. </span>
        {t("live.window")}:{" "}
        <strong>
          <bdi suppressHydrationWarning>{fmtTimeRange(i18n.language, live.window.from, live.window.to, zone)}</bdi>
        </strong>
        {n != null ? (
          <>
            {" · "}
            <span className="live-stops" data-stops-before={n} aria-live="polite">
              {n === 0 ? t("live.onTheWay") : plural(t, i18n.language, "live.stopsBefore", n)}
            </span>
          </>
        ) : null}
        {live.courier ? (
          <span className="visually-hidden">
            {" · "}
            {t("live.seenAt", { time: fmtMoment(i18n.language, live.courier.at, zone) })}
          </span>
        ) : null}
      </span>
    </div>
  );
}
