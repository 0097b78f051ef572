// Pure data shared by the server and the client (the forms' maxLength): no imports and no Node or
// browser APIs here. The server's validation (server/core/validation.ts Text) and the client's
// fields read the same numbers.

/** The longest one-line text (names, titles, places, a search, an e-mail address), in characters. */
export const MAX_TEXT = 300;

/** The longest text of the fields that take another length than MAX_TEXT, in characters. */
export const MAX_LENGTH = {
  trackingCode: 64,
  postcode: 20,
  description: 5000,
  review: 5000,
  pageContent: 50_000,
  mailBody: 20_000,
  chatCode: 20_000,
  keyName: 100,
  webhookUrl: 500,
  auditObjectId: 100,
  companyName: 100,
} as const;
