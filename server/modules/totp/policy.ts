import { db } from "../../db/index.js";

/** Whether the owner requires two-step sign-in of every member (TeamPolicy, one row). */
export async function totpRequiredForAll(): Promise<boolean> {
  const p = await db().teamPolicy.findUnique({ where: { id: 1 } });
  return p?.require_totp ?? false;
}
