/** delivered, pending (retried later) or failed (given up), as a badge. */
export function DeliveryStatus({ status }: { status: string }) {
  const cls = status === "delivered" ? "cp-badge-ok" : status === "failed" ? "cp-badge-fail" : "cp-badge-warn";
  return <span className={`cp-badge ${cls}`}>{status}</span>;
}
