import { expect } from "vitest";
import { Client } from "./http.js";
import { SETUP_TOKEN } from "./app.js";

export const ADMIN = { email: "admin@example.com", password: "s3cure-pass-word" };

/** Creates the first admin (if the link is still open) and returns a signed-in client. */
export async function signedInAdmin(base: string, creds = ADMIN): Promise<Client> {
  const c = new Client(base);
  await c.gql(`mutation($i: CreateAdminInput!) { createAdmin(input: $i) { email } }`, { i: { ...creds, token: SETUP_TOKEN } });
  const r = await c.gql(`mutation($i: SignInInput!) { signIn(input: $i) { email } }`, { i: creds });
  if (!r.data?.signIn) throw new Error(`sign-in failed: ${JSON.stringify(r.errors)}`);
  return c;
}

let parcels = 0;

/** A new parcel the admin creates through GraphQL: a unique code starting with `prefix`, for Jane Doe at `destination` unless `extra` says otherwise. */
export async function newParcel(admin: Client, prefix: string, destination: string, extra: Record<string, unknown> = {}) {
  const code = `${prefix}-${++parcels}-${Date.now().toString(36)}`.toUpperCase();
  const r = await admin.gql(`mutation($i: CreateParcelInput!) { createParcel(input: $i) { id tracking_code } }`, {
    i: { tracking_code: code, recipient_name: "Jane Doe", destination, ...extra },
  });
  expect(r.errors, JSON.stringify(r.errors)).toBeUndefined();
  return r.data.createParcel as { id: number; tracking_code: string };
}
