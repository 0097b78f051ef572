import { config } from "../../core/config.js";
import { sendSystemMail, type OutgoingMail } from "../mail/mail.service.js";
import { companyName } from "../settings/settings.service.js";

const inFlight = new Set<Promise<void>>();

/**
 * Sends account mail after the caller has its answer (a reset token, a notice): a slow or broken
 * mail server neither delays nor fails the request. settleAccountMail() waits for them.
 */
export function mailInBackground(send: () => Promise<unknown>, what: string): void {
  const p: Promise<void> = send()
    .then(() => undefined)
    .catch((e) => console.error(`${what} mail failed:`, (e as Error).message))
    .finally(() => inFlight.delete(p));
  inFlight.add(p);
}

/** Waits for account mail still being sent (shutdown, tests). */
export async function settleAccountMail(): Promise<void> {
  while (inFlight.size) await Promise.all([...inFlight]);
}

export type TwoStepChange = "on" | "off" | "reset" | "cleared";

const WHAT: Record<TwoStepChange, { subject: string; text: string }> = {
  on: {
    subject: "Two-step sign-in is on",
    text: "Two-step sign-in was turned on for your account: signing in now asks for a code of the authenticator app that was set up.",
  },
  off: { subject: "Two-step sign-in is off", text: "Two-step sign-in was turned off for your account: your password alone signs in now." },
  reset: {
    subject: "Your two-step sign-in was reset",
    text: "The owner reset two-step sign-in for your account: your password alone signs in now, and your recovery codes no longer work. Set it up again in My Account.",
  },
  cleared: {
    subject: "Two-step sign-in is off after a password reset",
    text: "Your password was reset with a token sent to this address, which also turned two-step sign-in off: your recovery codes no longer work. Set it up again in My Account.",
  },
};

/** Tells a member that two-step sign-in of their account changed, so a change they did not make does not go unnoticed. */
export function twoStepNotice(email: string, change: TwoStepChange): void {
  const { subject, text } = WHAT[change];
  const mail = async (): Promise<OutgoingMail> => ({
    kind: "security",
    to: email,
    subject,
    text: `${text}\n\nAccount: ${email}\n\nIf you did not do this, reset your password at once${config().publicUrl ? ` (${config().publicUrl}/control/password.html)` : ""} and tell the owner of the ${await companyName()} control panel.`,
  });
  mailInBackground(async () => sendSystemMail(await mail()), "two-step sign-in notice");
}
