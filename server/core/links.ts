import { config } from "./config.js";

/**
 * Absolute links into the site where no request says its address (e-mails, webhooks, JSON-LD):
 * PUBLIC_URL, else this machine. A door that has the request uses siteBase(req) (context.ts).
 */
export const siteUrl = () => config().publicUrl || `http://localhost:${config().port}`;
/** The public tracking page of a code; with a language, the page opens in it (the site takes ?lang= into its cookie). */
export const trackingLink = (code: string, lang?: string | null) =>
  `${siteUrl()}/track.html?code=${encodeURIComponent(code)}${lang ? `&lang=${encodeURIComponent(lang)}` : ""}`;
export const unsubscribeLink = (code: string, token: string) =>
  `${siteUrl()}/unsubscribe.html?code=${encodeURIComponent(code)}&token=${encodeURIComponent(token)}`;
/** The failed-attempt e-mail's link: the tracking page, where the token stands in for the postcode or e-mail when rescheduling. */
export const rescheduleLink = (code: string, token: string, lang?: string | null) => `${trackingLink(code, lang)}&reschedule=${encodeURIComponent(token)}`;
