/**
 * The OpenAPI operationId of every /api operation: the name a client generator gives its method, so
 * it stays as written here when a route's code moves. A route missing here gets a name made from its
 * method and path (GET /api/places: getPlaces); `npm run check:openapi` fails on a repeated one.
 */
const NAMES: Record<string, string> = {
  "GET /api/openapi.json": "getOpenApiDocument",
  "GET /api/graph": "getGraph",
  "GET /api/settings": "getSettings",
  "PATCH /api/settings": "updateSettings",
  "GET /api/pages": "listPages",
  "GET /api/pages/{slug}": "getPage",
  "POST /api/pages": "createPage",
  "PATCH /api/pages": "updatePage",
  "DELETE /api/pages": "deletePage",
  "GET /api/reviews": "listReviews",
  "POST /api/reviews": "createReview",
  "DELETE /api/reviews": "deleteReview",
  // Parcels and their history
  "GET /api/parcels/{code}": "getParcel",
  "GET /api/track": "trackParcels",
  "GET /api/parcels": "listParcels",
  "POST /api/parcels": "createParcel",
  "PATCH /api/parcels": "updateParcel",
  "DELETE /api/parcels": "deleteParcel",
  "POST /api/parcels/image": "uploadParcelImage",
  "GET /api/parcels/export.csv": "exportParcels",
  "POST /api/parcels/import": "importParcels",
  "GET /api/parcels/{code}/label.pdf": "getParcelLabel",
  "GET /api/labels.pdf": "printLabels",
  "GET /api/tracking-codes/new": "proposeTrackingCode",
  "POST /api/notifications/unsubscribe": "unsubscribeNotifications",
  "POST /api/activities": "createActivity",
  "PATCH /api/activities": "updateActivity",
  "DELETE /api/activities": "deleteActivity",
  "POST /api/scans": "recordScans",
  "POST /api/parcels/{code}/delivery-proof": "recordDelivery",
  "POST /api/parcels/{code}/reschedule": "rescheduleDelivery",
  // The delivery day
  "GET /api/dispatch": "getDispatchBoard",
  "GET /api/runs": "listRuns",
  "GET /api/runs/{id}": "getRun",
  "POST /api/runs": "createRun",
  "PATCH /api/runs": "updateRun",
  "DELETE /api/runs": "deleteRun",
  "POST /api/runs/{id}/start": "startRun",
  "POST /api/runs/{id}/stops/{stop_id}/skip": "skipStop",
  "GET /api/runs/{id}/sheet.pdf": "getRunSheet",
  "POST /api/runs/{id}/positions": "recordPosition",
  "GET /api/runs/{id}/positions": "listPositions",
  // Invoices, mail, webhooks, keys
  "GET /api/invoices/{id}": "getInvoice",
  "GET /api/invoices/{id}/pdf": "getInvoicePdf",
  "POST /api/invoices": "createInvoice",
  "POST /api/contact": "sendMessage",
  "GET /api/outbox": "listOutbox",
  "GET /api/webhooks": "listWebhooks",
  "POST /api/webhooks": "createWebhook",
  "PATCH /api/webhooks": "updateWebhook",
  "DELETE /api/webhooks": "deleteWebhook",
  "POST /api/webhooks/ping": "pingWebhook",
  "GET /api/webhooks/{id}/deliveries": "listWebhookDeliveries",
  "GET /api/api-keys": "listApiKeys",
  "POST /api/api-keys": "createApiKey",
  "DELETE /api/api-keys": "revokeApiKey",
  // The staff's accounts
  "POST /api/admins": "createFirstAdmin",
  "POST /api/admins/auth/signin": "signIn",
  "POST /api/admins/auth/signout": "signOut",
  "GET /api/admins/auth/signout": "signOutByGet",
  "POST /api/admins/auth/send-pin": "sendPin",
  "PATCH /api/admins/auth/send-pin": "sendPinByPatch",
  "PATCH /api/admins/auth/update/password-guest": "resetPassword",
  "PATCH /api/admins/auth/update/password-user": "changePassword",
  "GET /api/admins/auth/totp": "getTotp",
  "POST /api/admins/auth/totp": "setUpTotp",
  "PATCH /api/admins/auth/totp": "confirmTotp",
  "DELETE /api/admins/auth/totp": "disableTotp",
  "POST /api/admins/auth/totp/recovery-codes": "newRecoveryCodes",
  "GET /api/staff": "listStaff",
  "POST /api/staff": "inviteStaff",
  "PATCH /api/staff": "updateStaff",
  "DELETE /api/staff": "deleteStaff",
  "DELETE /api/staff/totp": "resetStaffTotp",
  "POST /api/staff/accept": "acceptInvitation",
  "GET /api/team/policy": "getTeamPolicy",
  "PATCH /api/team/policy": "updateTeamPolicy",
  "GET /api/audit": "listAudit",
  "GET /api/audit/actors": "listAuditActors",
  // Shippers: their accounts, rates, quotes, bookings, billing
  "POST /api/users": "signUpShipper",
  "POST /api/users/verify": "verifyShipperEmail",
  "POST /api/users/auth/signin": "signInShipper",
  "POST /api/users/auth/signout": "signOutShipper",
  "GET /api/users/auth/signout": "signOutShipperByGet",
  "POST /api/users/auth/send-pin": "sendShipperPin",
  "PATCH /api/users/auth/send-pin": "sendShipperPinByPatch",
  "PATCH /api/users/auth/update/password-guest": "resetShipperPassword",
  "GET /api/users/addresses": "listAddresses",
  "POST /api/users/addresses": "createAddress",
  "PATCH /api/users/addresses": "updateAddress",
  "DELETE /api/users/addresses": "deleteAddress",
  "GET /api/users/api-keys": "listShipperApiKeys",
  "POST /api/users/api-keys": "createShipperApiKey",
  "DELETE /api/users/api-keys": "revokeShipperApiKey",
  "DELETE /api/users/api-keys/all": "revokeAllShipperApiKeys",
  "GET /api/users/statements": "listOwnStatements",
  "GET /api/users/remittances": "listOwnRemittances",
  "GET /api/shippers": "listShippers",
  "POST /api/shippers": "createShipper",
  "PATCH /api/shippers": "updateShipper",
  "GET /api/zones": "listZones",
  "POST /api/zones": "createZone",
  "PATCH /api/zones": "updateZone",
  "DELETE /api/zones": "deleteZone",
  "GET /api/services": "listServices",
  "POST /api/services": "createService",
  "PATCH /api/services": "updateService",
  "DELETE /api/services": "deleteService",
  "GET /api/rate-cards": "listRateCards",
  "GET /api/rate-cards/{id}": "getRateCard",
  "PUT /api/rate-cards/{id}": "putRateCard",
  "GET /api/rate-cards/{id}.csv": "getRateCardCsv",
  "POST /api/quotes": "createQuote",
  "GET /api/bookings": "listBookings",
  "POST /api/bookings": "createBooking",
  "DELETE /api/bookings": "cancelBooking",
  "GET /api/bookings/{id}/label.pdf": "getBookingLabel",
  "GET /api/pickups": "listPickups",
  "POST /api/pickups": "createPickup",
  "GET /api/statements": "listStatements",
  "POST /api/statements": "createStatement",
  "PATCH /api/statements": "payStatement",
  "POST /api/statements/mail": "mailStatement",
  "GET /api/statements/{id}.pdf": "getStatementPdf",
  // Cash on delivery: cash-ups and remittances
  "POST /api/cod/cashups": "createCashup",
  "GET /api/cod/cashups": "listCashups",
  "POST /api/cod/remittances": "createRemittance",
  "PATCH /api/cod/remittances": "updateRemittance",
  "GET /api/cod/remittances": "listRemittances",
  "GET /api/cod/remittances/{id}.pdf": "getRemittancePdf",
};

const pascal = (s: string) =>
  s
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join("");

/** The operationId of `method` on an OpenAPI path (`/api/parcels/{code}`). */
export function operationId(method: string, path: string): string {
  const m = method.toUpperCase();
  const named = NAMES[`${m} ${path}`];
  if (named) return named;
  const words = path
    .replace(/^\/api\//, "")
    .split("/")
    .map((seg) => seg.replace(/\{(\w+)\}/g, (_, p: string) => `by ${p}`));
  return `${m.toLowerCase()}${pascal(words.join(" "))}`;
}
