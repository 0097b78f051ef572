import { Prisma } from "../../db/generated/sqlite/browser.js";
import { direct } from "../../db/index.js";
import { Unsupported } from "../../db/direct.js";

// Every scalar field in the model's order (the same in both generated clients), so a row has
// the fields, types and key order Prisma would give it.
const PARCEL_FIELDS = Object.values(Prisma.ParcelScalarFieldEnum);
const ACTIVITY_FIELDS = Object.values(Prisma.ActivityScalarFieldEnum);
const cols = (fields: string[]) => fields.map((f) => `"${f}"`).join(", ");

type Row = Record<string, unknown>;
let unavailable = false;

/**
 * A parcel with its history oldest first, as `findUnique({ include: { history } })` returns it,
 * read with two prepared statements on the driver (server/db/direct.ts): a cache miss of a
 * tracking look-up costs a few hundredths of what Prisma's query compilation does. Undefined when
 * plain reads cannot give Prisma's types for some column: then the caller asks Prisma.
 */
export async function readParcelWithHistory(code: string): Promise<(Row & { history: Row[] }) | null | undefined> {
  if (unavailable) return undefined;
  const d = direct();
  try {
    const [parcel] = await d.rows(`SELECT ${cols(PARCEL_FIELDS)} FROM ${d.table("Parcel")} WHERE "tracking_code" = ?`, [code]);
    if (!parcel) return null;
    const history = await d.rows(
      `SELECT ${cols(ACTIVITY_FIELDS)} FROM ${d.table("Activity")} WHERE "parcel_id" = ? ORDER BY "created_at" ASC, "id" ASC`,
      [parcel.id],
    );
    return { ...parcel, history };
  } catch (e) {
    if (!(e instanceof Unsupported)) throw e;
    console.warn(`tracking look-ups read through Prisma: ${e.message} has no plain reading`);
    unavailable = true;
    return undefined;
  }
}

/** The parcel's version column, or null when no parcel has the code. */
export async function readParcelVersion(code: string): Promise<number | null | undefined> {
  if (unavailable) return undefined;
  const d = direct();
  const [row] = await d.rows(`SELECT "version" FROM ${d.table("Parcel")} WHERE "tracking_code" = ?`, [code]);
  return row ? (row.version as number) : null;
}
