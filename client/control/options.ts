/**
 * Fixed choices of the control panel's forms, as options { value, label }: the values are the
 * server's own lists (the pure *.codes.ts modules under server/), the labels are the panel's words.
 */
import { FAILURE_REASON_LABELS, FAILURE_REASONS, isFailureReason, isStatusCode, STATUS_CODES, STATUS_RULES } from "../modules/parcel/status";
import { LANGUAGES } from "@shared/i18n/languages";
import { ACTIVITY_COLORS, ACTIVITY_ICONS } from "@shared/modules/activity/activity.codes";
import { PAGE_HEROES, PAGE_ICONS, PAGE_OVERLAYS, type PageOverlay } from "@shared/modules/page/page.codes";
import { MAIL_DRIVERS, MAIL_TEMPLATES, type MailDriver, type MailTemplate } from "@shared/modules/mail/mail.codes";
import { WEBHOOK_EVENTS, type WebhookEvent } from "@shared/modules/webhook/webhook.codes";
import { SCOPES, type Scope } from "@shared/core/permissions";
import { controlText } from "./texts";

/** An option whose label is a `control` text in the control panel's language, read each time it is shown (English's before). */
const translated = (value: string, key: string, english: string): Option => ({
  value,
  get label() {
    return controlText(key) ?? english;
  },
});

export interface Option {
  value: string;
  label: string;
}

export const labelOf = (options: Option[], value: string) => options.find((o) => o.value === value)?.label ?? value;

/** Activity icons, value = Material icon name, label as the seed names it. */
export const ACTIVITY_ICON_OPTIONS: Option[] = Object.entries(ACTIVITY_ICONS).map(([value, label]) => translated(value, `icons.${value}`, label));
export const ACTIVITY_COLOR_OPTIONS: Option[] = ACTIVITY_COLORS.map((c) => translated(c, `colors.${c}`, c));
/** Colours of the activity icons: the site's theme variables (client/styles/theme.css), readable in both themes. */
export const COLOR_SWATCH = Object.fromEntries(ACTIVITY_COLORS.map((c) => [c, `var(--act-${c})`])) as Record<string, string>;

export const PAGE_ICON_OPTIONS: Option[] = PAGE_ICONS.map((v) => ({ value: v, label: v }));
export const PAGE_HERO_OPTIONS: Option[] = PAGE_HEROES.map((v) => ({ value: v, label: v }));
const OVERLAY_COLOURS: Record<PageOverlay, string> = { overlay1: "blue", overlay2: "amber", overlay3: "teal" };
export const PAGE_OVERLAY_OPTIONS: Option[] = PAGE_OVERLAYS.map((v) => ({ value: v, label: `${v} (${OVERLAY_COLOURS[v]})` }));

export const SHOW_MAP_OPTIONS: Option[] = [
  { value: "no", label: "no" },
  { value: "yes", label: "yes" },
];
/** Yes/no switches sent as booleans. */
export const YES_NO_OPTIONS: Option[] = [translated("true", "options.yes", "Yes"), translated("false", "options.no", "No")];

const MAIL_DRIVER_LABELS: Record<MailDriver, string> = {
  mail: "mail (the server's own transport)",
  smtp: "smtp (your mailbox, password asked on each send)",
};
export const MAIL_DRIVER_OPTIONS: Option[] = MAIL_DRIVERS.map((v) => ({ value: v, label: MAIL_DRIVER_LABELS[v] }));
const MAIL_TEMPLATE_LABELS: Partial<Record<MailTemplate, string>> = { plain: "plain (text only)" };
export const MAIL_TEMPLATE_OPTIONS: Option[] = MAIL_TEMPLATES.map((v) => ({ value: v, label: MAIL_TEMPLATE_LABELS[v] ?? v }));

/** The site's languages by their own names (value: the site's code), for the recipient's e-mails. */
export const LANGUAGE_OPTIONS: Option[] = LANGUAGES.map((l) => ({ value: l.code, label: l.code === "en" ? l.name : `${l.name} (${l.code})` }));

/** The normalised statuses, value = wire code, label = the control panel's words (the shared table's English label before). */
export const STATUS_OPTIONS: Option[] = STATUS_CODES.map((c) => translated(c, `statuses.${c}`, STATUS_RULES[c].label));
export const statusLabel = (code?: string | null) => (isStatusCode(code) ? (controlText(`statuses.${code}`) ?? STATUS_RULES[code].label) : null);
/**
 * A parcel's status in words for a list: the label of its code, with the free text after it where that says
 * more ("In transit (held at customs)"); the free text alone without a code; null without either.
 */
export function statusText(code?: string | null, text?: string | null): string | null {
  const label = statusLabel(code);
  const free = text?.trim() || null;
  if (!label) return free;
  return free && free.toLowerCase() !== label.toLowerCase() ? `${label} (${free})` : label;
}
/** The icon and colour a status stands for (the server uses the same when a call leaves them out). */
export const statusLook = (code?: string | null) => (isStatusCode(code) ? { icon: STATUS_RULES[code].icon, color: STATUS_RULES[code].color } : null);

/** Why a delivery attempt failed: the wire values of FAILURE_REASONS with their English labels. */
export const FAILURE_REASON_OPTIONS: Option[] = FAILURE_REASONS.map((r) => translated(r, `failures.${r}`, FAILURE_REASON_LABELS[r]));
/** A failed attempt's reason in words (free text as it is). */
export const failureReasonLabel = (reason: string) => (isFailureReason(reason) ? (controlText(`failures.${reason}`) ?? FAILURE_REASON_LABELS[reason]) : reason);

const WEBHOOK_EVENT_HINTS: Record<WebhookEvent, string> = {
  "parcel.created": "A parcel was added",
  "history.added": "A history entry was added",
  "status.changed": "A parcel's status code changed",
  "parcel.delivered": "A parcel was delivered",
};
export const WEBHOOK_EVENT_OPTIONS = WEBHOOK_EVENTS.map((v) => ({ value: v, label: v, hint: WEBHOOK_EVENT_HINTS[v] }));

const SCOPE_HINTS: Record<Scope, string> = {
  "tracking:read": "Track parcels by code (public view), one or many at once",
  "parcels:read": "List and read parcels with every field, print labels",
  "parcels:write": "Create, change and delete parcels, import a CSV",
  "history:write": "Add history entries, scan events, record deliveries",
};
/** What an API key may be given (the server's SCOPES). */
export const API_KEY_SCOPE_OPTIONS = SCOPES.map((v) => ({ value: v, label: v, hint: SCOPE_HINTS[v] }));
