import { useTranslation } from "react-i18next";
import { Icon } from "../../../components/Icon";
import * as icons from "../../icons";
import type { usePositionSharing } from "./usePositionSharing";
import { hhmm } from "./runView";

/** What waits on the phone (delivery updates, positions), or that the session ended: above the stops. */
export function NetworkBanner({ online, scans, positions, signedOut }: { online: boolean; scans: number; positions: number; signedOut: boolean }) {
  const { t } = useTranslation("control-run");
  if (signedOut) {
    return (
      <p className="cp-scan-banner is-offline" role="alert">
        <Icon path={icons.lock} size={20} />
        {t("network.signedOut")}
      </p>
    );
  }
  if (online && !scans) return null;
  const what =
    scans && positions
      ? t("network.both", { updates: t("network.updates", { count: scans }), positions: t("network.positions", { count: positions }) })
      : scans
        ? t("network.updates", { count: scans })
        : positions
          ? t("network.positions", { count: positions })
          : "";
  return (
    <p className={`cp-scan-banner${online ? "" : " is-offline"}`} role="status">
      <Icon path={online ? icons.schedule : icons.cloud_off} size={20} />
      {online ? t("network.sending", { what }) : what ? t("network.offlineWaiting", { what }) : t("network.offline")}
    </p>
  );
}

/** Whether the courier's position is shared, with the switch (or a new try when the phone refused it). */
export function SharingPanel({ sharing }: { sharing: ReturnType<typeof usePositionSharing> }) {
  const { t } = useTranslation("control-run");
  const { state, lastAt, setSharing, retry } = sharing;
  // Denied or not found, nothing is being shared: no "Stop sharing" then, but a new try.
  const failed = state === "denied" || state === "unavailable";
  return (
    <section className={`cp-run-sharing is-${state}`} aria-label={t("sharing.label")} data-testid="position-sharing" data-state={state}>
      <span className="cp-run-sharing-dot" aria-hidden="true" />
      <p role="status">
        <strong>{t(`sharing.${state}`)}</strong>
        {state === "on" && lastAt ? <span className="cp-run-muted"> · {t("sharing.lastAt", { time: hhmm(lastAt) })}</span> : null}
      </p>
      {failed ? (
        <button type="button" className="cp-btn cp-btn-outline" onClick={retry}>
          <Icon path={icons.my_location} size={20} />
          {t("sharing.retry")}
        </button>
      ) : (
        <button type="button" className="cp-btn cp-btn-outline" onClick={() => setSharing(!sharing.sharing)}>
          <Icon path={sharing.sharing ? icons.visibility_off : icons.my_location} size={20} />
          {sharing.sharing ? t("sharing.stop") : t("sharing.share")}
        </button>
      )}
    </section>
  );
}
