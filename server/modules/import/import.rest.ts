import type { FastifyInstance } from "fastify";
import { config } from "../../core/config.js";
import { withoutIdleTimeout } from "../../core/jobs.js";
import { fileOf, input as inputOf } from "../../rest/body.js";
import { route } from "../../rest/route.js";
import { data } from "../../rest/schemas.js";
import { ImportOptions } from "./import.input.js";
import { importParcels, WRITE_BATCH } from "./import.service.js";

export function registerImportRoutes(api: FastifyInstance): void {
  route(api, {
    method: "POST",
    url: "/parcels/import",
    op: "parcels.import",
    tag: "parcels",
    message: "Import finished",
    summary: "Create or update parcels from a CSV file (multipart field file); ?dry_run=true only checks",
    description:
      "The columns of GET /api/parcels/export.csv (a header row is required; image, history_entries, created_at and updated_at are read and ignored), " +
      "UTF-8 with or without a byte-order mark, `,` or `;` between cells. A cod_amount column sets the cash on delivery (the smallest unit of the site's currency, " +
      "1 to the setting cod_max, as on POST and PATCH /api/parcels; an empty cell is none; locked once the parcel is out for delivery); cod_currency, when given, " +
      "must be the site's currency. A row whose tracking_code exists updates that parcel (only the columns present; " +
      "an empty cell clears an optional field), any other row creates one, with the same rules as POST and PATCH /api/parcels. " +
      `Every row is answered with its action or its errors (each naming its column); rows are written in transactions of ${WRITE_BATCH}, ` +
      `a failing row is never half-written and does not stop the others. At most ${Math.floor(config().uploadMaxBytes / 1024 / 1024)} MB per file (UPLOAD_MAX_BYTES, 413 above); ` +
      "415 when the file is not UTF-8 text; 429 while an import (or dry run) of the same member or API key is still running. dry_run may also be sent as a form field.",
    input: ImportOptions,
    query: ImportOptions,
    files: ["file"],
    data: data.ref("ImportResult"),
    handler: async ({ input, req }) => {
      const query = await inputOf(ImportOptions, req.query);
      return withoutIdleTimeout(req.raw.socket, () => importParcels(fileOf(req, "file")?.bytes, { dryRun: query.dry_run ?? input.dry_run ?? false }));
    },
  });
}
