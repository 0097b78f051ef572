import { config } from "../../core/config.js";
import { sendSystemMail, type OutgoingMail } from "../mail/mail.service.js";
import { companyName } from "../settings/settings.service.js";
import { memberLanguageCode, staffLanguage } from "../staff/staff.i18n.js";
import { mailIn } from "../mail/mail.compose.js";
import { readerLanguage } from "../settings/company-language.js";

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

/**
 * Tells a member that two-step sign-in of their account changed, so a change they did not make does not go unnoticed;
 * in the member's language (server/modules/staff/locales: twoStep.<change>).
 */
export function twoStepNotice(email: string, change: TwoStepChange): void {
  const mail = async (): Promise<OutgoingMail> => {
    const l = staffLanguage(await readerLanguage(await memberLanguageCode({ email })));
    const company = await companyName();
    const base = config().publicUrl;
    return mailIn(l, {
      kind: "security",
      to: email,
      subject: l.t(`twoStep.${change}Subject`),
      paragraphs: [
        l.t(`twoStep.${change}`),
        l.t("twoStep.account", { email }),
        base ? l.t("twoStep.notYouLink", { company, link: `${base}/control/password.html` }) : l.t("twoStep.notYou", { company }),
      ],
    });
  };
  mailInBackground(async () => sendSystemMail(await mail()), "two-step sign-in notice");
}
