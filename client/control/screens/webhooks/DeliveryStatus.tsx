const LABELS: Record<string, string> = { delivered: "Delivered", pending: "Pending, will retry", failed: "Failed" };

/** delivered, pending (retried later) or failed (given up), as a badge in words. */
export function DeliveryStatus({ status }: { status: string }) {
  const cls = status === "delivered" ? "cp-badge-ok" : status === "failed" ? "cp-badge-fail" : "cp-badge-warn";
  return (
    <span className={`cp-badge ${cls}`} data-status={status}>
      {LABELS[status] ?? status}
    </span>
  );
}
