import { useShipperTranslation } from "../quote/i18n";

/**
 * A cash-on-delivery amount's status as a chip: expected (to collect), collected (the courier holds it), handed_over
 * (counted in at the depot), settled (paid by card), remitted (paid out to the shipper) or void.
 */
export function CodStatus({ status }: { status: string }) {
  const { t } = useShipperTranslation();
  return <span className={`status-chip cod-${status}`}>{t(`account.codStatus.${status}`, { defaultValue: status.replace(/_/g, " ") })}</span>;
}
