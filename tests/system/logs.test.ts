import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSite, type Site } from "../helpers/site.js";
import { startSmtp, mailText } from "../helpers/smtp.js";
import { Client } from "../helpers/http.js";
import { SETUP_TOKEN } from "../helpers/app.js";

// Structured logs: one JSON line per event with a request id, and no secret in any of them.
let site: Site;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
beforeAll(async () => {
  smtp = await startSmtp();
  site = await startSite({ LOG_LEVEL: "info", SMTP_URL: smtp.url, SEED_DEMO: "false" });
});
afterAll(async () => {
  await site?.close();
  await smtp?.close();
});

describe("logs", () => {
  it("are JSON with request ids and never hold passwords, tokens or session cookies", async () => {
    const password = "Very-Secret-Pass-42";
    const c = new Client(site.url);
    await c.post("/api/admins", { email: "log@example.com", password, token: SETUP_TOKEN });
    await c.post("/api/admins/auth/signin", { email: "log@example.com", password });
    const session = [...c.cookies.values()][0];
    await c.get("/api/parcels?per_page=5");
    await new Client(site.url).post("/api/admins/auth/send-pin", { email: "log@example.com" });
    const mail = await smtp.waitFor((m) => m.to.includes("log@example.com"));
    const token = /token: (\S+)/i.exec(mailText(mail.raw))![1];
    await fetch(`${site.url}/control/password.html?email=log%40example.com&token=${token}`);
    await new Client(site.url).gql(`mutation($i: ResetPasswordInput!) { resetPassword(input: $i) }`, {
      i: { email: "log@example.com", new_password: "Another-Secret-99", confirm_new_password: "Another-Secret-99", password_token: token },
    });
    await new Promise((r) => setTimeout(r, 300));
    const lines = site.logs.join("").split("\n").filter((l) => l.startsWith("{"));
    expect(lines.length).toBeGreaterThan(5);
    const parsed = lines.map((l) => JSON.parse(l));
    expect(parsed.filter((l) => l.reqId).length).toBeGreaterThan(5);
    const all = lines.join("\n");
    for (const secret of [password, "Another-Secret-99", token, session]) expect(all).not.toContain(secret);
  });
});
