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
