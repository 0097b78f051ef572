// Pure data shared by the server and the client (the control panel's webhook form): no imports and
// no Node or browser APIs here.

/** The events a third party may subscribe to. */
export const WEBHOOK_EVENTS = ["parcel.created", "history.added", "status.changed", "parcel.delivered"] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
