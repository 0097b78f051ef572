import { dictionary } from "@zxcvbn-ts/language-common";
import { ValidateBy } from "class-validator";
import { PASSWORD_MIN } from "../../../shared/modules/admin/password.codes.js";

// OWASP ASVS level 2 (2.1.7): none of the common passwords; the least length is password.codes.ts'.
// The 49 000 most common passwords of breach corpora, by frequency (zxcvbn-ts' common list).
let common: Set<string> | undefined;
function isCommonPassword(password: string): boolean {
  common ??= new Set((dictionary["passwords-common"] as string[]).map((p) => p.toLowerCase()));
  return common.has(password.toLowerCase());
}

export const NotCommonPassword = () =>
  ValidateBy({
    name: "notCommonPassword",
    validator: {
      // A short one is refused for its length already (one message a field).
      validate: (v) => typeof v !== "string" || v.length < PASSWORD_MIN || !isCommonPassword(v),
      defaultMessage: () => "$property is one of the most common passwords; choose another",
    },
  });
