import { useTranslation } from "react-i18next";

/** delivered, pending (retried later) or failed (given up), as a badge in words. */
export function DeliveryStatus({ status }: { status: string }) {
  const { t } = useTranslation("control-webhooks");
  const cls = status === "delivered" ? "cp-badge-ok" : status === "failed" ? "cp-badge-fail" : "cp-badge-warn";
  return (
    <span className={`cp-badge ${cls}`} data-status={status}>
      {t(`status.${status}`, { defaultValue: status })}
    </span>
  );
}
