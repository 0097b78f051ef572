import { STATUS_RULES } from "../../../shared/modules/parcel/status.codes.js";
import { isStatusCode } from "./status.rules.js";

interface ParcelFacts {
  tracking_code: string;
  destination: string;
  pickup_location: string | null;
  current_location?: string | null;
  parcel_content: string | null;
  status_code: string | null;
  min_expected_delivery_date: string | null;
  max_expected_delivery_date: string | null;
  /** A Date, or the ISO string a public view carries. */
  last_event_at?: Date | string;
}

/** schema.org ParcelDelivery for a parcel: the tracking page and status e-mails carry it as JSON-LD. `company`: the company's name (settings). */
export function parcelDeliveryJsonLd(p: ParcelFacts, trackingUrl: string, company: string): Record<string, unknown> {
  const ld: Record<string, unknown> = {
    "@context": "https://schema.org",
    "@type": "ParcelDelivery",
    trackingNumber: p.tracking_code,
    trackingUrl,
    provider: { "@type": "Organization", name: company },
    carrier: { "@type": "Organization", name: company },
    deliveryAddress: { "@type": "PostalAddress", addressLocality: p.destination },
  };
  if (p.pickup_location) ld.originAddress = { "@type": "PostalAddress", addressLocality: p.pickup_location };
  if (p.parcel_content) ld.itemShipped = { "@type": "Product", name: p.parcel_content };
  if (p.min_expected_delivery_date) ld.expectedArrivalFrom = p.min_expected_delivery_date;
  if (p.max_expected_delivery_date) ld.expectedArrivalUntil = p.max_expected_delivery_date;
  if (isStatusCode(p.status_code)) {
    ld.deliveryStatus = {
      "@type": "DeliveryEvent",
      name: STATUS_RULES[p.status_code].label,
      ...(p.current_location ? { atLocation: { "@type": "Place", name: p.current_location } } : {}),
      ...(p.last_event_at ? { availableFrom: typeof p.last_event_at === "string" ? p.last_event_at : p.last_event_at.toISOString() } : {}),
    };
  }
  return ld;
}
