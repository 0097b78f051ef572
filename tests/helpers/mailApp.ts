import { signedInAdmin } from "./admin.js";
import { startTestApp, type TestApp } from "./app.js";
import { Client } from "./http.js";
import { startSmtp, type SmtpPeer } from "./smtp.js";

/** The test server, the SMTP peer it mails through, a signed-in admin and an anonymous client. */
export interface MailApp {
  t: TestApp;
  smtp: SmtpPeer;
  admin: Client;
  anon: Client;
  /** Waits for the webhooks and notifications still being sent, then stops the server and the peer. */
  close(): Promise<void>;
}

/**
 * The whole server (startTestApp) mailing through a real SMTP peer, with https://track.example.com
 * as its public address; extra env values override the config.
 */
export async function startAppWithMail(env: Record<string, string> = {}): Promise<MailApp> {
  const smtp = await startSmtp();
  let t: TestApp | undefined;
  const close = async () => {
    const { settleWebhooks } = await import("../../server/modules/webhook/webhook.service.js");
    const { settleNotifications } = await import("../../server/modules/notification/notification.service.js");
    await settleWebhooks();
    await settleNotifications();
    await t?.close();
    await smtp.close();
  };
  try {
    t = await startTestApp({ SMTP_URL: smtp.url, SMTP_ALLOW_PLAIN: "true", PUBLIC_URL: "https://track.example.com", ...env });
    return { t, smtp, admin: await signedInAdmin(t.url), anon: new Client(t.url), close };
  } catch (e) {
    await close();
    throw e;
  }
}
