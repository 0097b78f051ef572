import type { CSSProperties } from "react";
import { useTranslation } from "react-i18next";
import { Icon } from "../../components/Icon";
import { activityIconPath } from "../../components/activityIcons";
import { ACTIVITY_COLORS } from "@shared/modules/activity/activity.codes";
import { info, warning } from "./icons";
import { isStatusCode, STATUS_RULES, type StatusCode } from "./status";

const TONES = new Set<string>(ACTIVITY_COLORS);

/** The normal path of a parcel, one status per step of the progress bar (0..4). */
const PATH: readonly StatusCode[] = ["pending", "picked_up", "in_transit", "out_for_delivery", "delivered"];
/** Statuses on the normal path (ready_for_pickup is the last step but one, like out_for_delivery). */
const ON_PATH = new Set<StatusCode>([...PATH, "ready_for_pickup"]);

const statusTone = (code: StatusCode) => (TONES.has(STATUS_RULES[code].color) ? STATUS_RULES[code].color : "green");

/** The status with its own label, icon and colour (the label is always there: never colour alone). */
export function StatusBadge({ code, small }: { code: string | null | undefined; small?: boolean }) {
  const { t } = useTranslation();
  if (!isStatusCode(code)) return null;
  const rule = STATUS_RULES[code];
  return (
    <span className={`status-badge tone-${statusTone(code)}${small ? " small" : ""}`} data-status={code}>
      <Icon path={activityIconPath(rule.icon)} size={small ? 16 : 20} />
      <span>{t(`status.${code}`)}</span>
    </span>
  );
}

/**
 * The steps from pending to delivered as an ordered list, the current one marked with
 * aria-current="step" and labelled with the parcel's own status. A status off the normal path
 * (on hold, exception, failed delivery, returned, cancelled) marks its step as a warning.
 */
export function StatusProgress({ code, reason, compact }: { code: string | null | undefined; reason?: string | null; compact?: boolean }) {
  const { t } = useTranslation();
  if (!isStatusCode(code)) return null;
  const current = STATUS_RULES[code].step;
  const off = !ON_PATH.has(code);
  const done = code === "delivered";
  const state = off ? "warn" : done ? "done" : "ok";
  const fill = `${(current / (PATH.length - 1)) * 100}%`;
  return (
    <div className={`status-progress ${state} tone-${statusTone(code)}${compact ? " compact" : ""}`} style={{ "--fill": fill } as CSSProperties}>
      <ol aria-label={t("track.progress")}>
        {PATH.map((stepCode, i) => {
          const isCurrent = i === current;
          const shown = isCurrent ? code : stepCode;
          const cls = isCurrent ? "current" : i < current ? "past" : "next";
          return (
            <li key={stepCode} className={`progress-step ${cls}`} aria-current={isCurrent ? "step" : undefined}>
              <span className="progress-dot">
                <Icon path={isCurrent && off ? warning : activityIconPath(STATUS_RULES[shown].icon)} size={compact ? 14 : 18} />
              </span>
              <span className="progress-label">{t(`status.${shown}`)}</span>
            </li>
          );
        })}
      </ol>
      {reason ? (
        <p className="status-reason">
          <Icon path={off ? warning : info} size={18} />
          <span>
            {t("track.reason")}: <bdi>{reason}</bdi>
          </span>
        </p>
      ) : null}
    </div>
  );
}
