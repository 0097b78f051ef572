import { Client } from "./http.js";
import { mailText, type SmtpPeer } from "./smtp.js";

/**
 * A member of the staff with `role`, as the owner adds one: invited through the API, the invitation's token
 * read from the mail `smtp` received, accepted with `password`; returns the member's signed-in client.
 */
export async function staffMember(admin: Client, smtp: SmtpPeer, email: string, role: string, password: string): Promise<Client> {
  const before = smtp.messages.length;
  const invited = await admin.post("/api/staff", { email, role });
  if (invited.status !== 201) throw new Error(`inviting ${email}: ${invited.status} ${invited.text}`);
  const mail = await smtp.waitFor((m) => m.to.includes(email) && smtp.messages.indexOf(m) >= before && /accept\.html\?token=/.test(mailText(m.raw)));
  const token = mailText(mail.raw).match(/accept\.html\?token=([A-Za-z0-9_-]+)/)![1];
  const accepted = await new Client(admin.base).post("/api/staff/accept", { token, password });
  if (accepted.status !== 200) throw new Error(`accepting ${email}: ${accepted.status} ${accepted.text}`);
  const member = new Client(admin.base);
  const signedIn = await member.post("/api/admins/auth/signin", { email, password });
  if (signedIn.status !== 200) throw new Error(`signing ${email} in: ${signedIn.status} ${signedIn.text}`);
  return member;
}
