// Pure data shared by the server and the client (the control panel's mail settings): no imports and
// no Node or browser APIs here.

/** How the site sends mail: its own transport (SMTP_URL or the outbox), or the admin's mailbox over SMTP. */
export const MAIL_DRIVERS = ["mail", "smtp"] as const;
export type MailDriver = (typeof MAIL_DRIVERS)[number];

/** The five looks of outgoing mail: plain is text only, html1..html4 are distinct HTML designs. */
export const MAIL_TEMPLATES = ["plain", "html1", "html2", "html3", "html4"] as const;
export type MailTemplate = (typeof MAIL_TEMPLATES)[number];
