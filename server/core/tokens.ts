import crypto from "node:crypto";

/** Random secrets (session cookies, invitation and reset links) and the hashes they are stored as. */
export const sha256 = (s: string) => crypto.createHash("sha256").update(s).digest("hex");
export const randomToken = (bytes = 32) => crypto.randomBytes(bytes).toString("base64url");
