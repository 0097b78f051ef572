import type { FastifyInstance } from "fastify";
import { route } from "../../rest/route.js";
import { data } from "../../rest/schemas.js";
import { MAX_SCAN_CODES } from "../../../shared/modules/scan/scan.events.js";
import { ScanParcelsInput } from "./scan.input.js";
import { scanParcels } from "./scan.service.js";

export function registerScanRoutes(api: FastifyInstance): void {
  route(api, {
    method: "POST",
    url: "/scans",
    op: "scans.record",
    tag: "scans",
    message: "Scans recorded",
    summary: `One event for 1 to ${MAX_SCAN_CODES} parcels`,
    description:
      "Each code is answered in the order given, with its new history entry or its error (INVALID_CODE, UNKNOWN_CODE, " +
      "ALREADY_DELIVERED, NOT_ALLOWED); the parcel's status, place, webhooks and notifications follow as for one entry. " +
      "With scan_ids (one per code), a code scanned again with the same id adds nothing and is answered with its first entry. " +
      "After delivered, only returned_to_sender is taken; after returned_to_sender or cancelled, nothing. " +
      "429 while a batch of scans of the same member or API key is still being written.",
    input: ScanParcelsInput,
    data: data.list("ScanResult"),
    handler: ({ input }) => scanParcels(input),
  });
}
