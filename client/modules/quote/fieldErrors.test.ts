import { describe, expect, it } from "vitest";
import type { TFunction } from "i18next";
import { splitErrors } from "./fieldErrors";

const t = ((k: string) => `<${k}>`) as unknown as TFunction;
const e = (message: string) => ({ message, code: "BAD_USER_INPUT", reason: null });

describe("the server's errors by field", () => {
  it("puts each message next to the field it names, translating the common rules", () => {
    const shown = (f: string) => f !== "secret";
    const r = splitErrors(
      t,
      [
        e("to.postcode does not fit the postcode format of DE"),
        e("parcels[1].weight_kg must be at least 0.01"),
        e("sender.line1 is required"),
        e("secret is odd"),
        e("No service covers this route"),
      ],
      shown,
    );
    expect(r.byField).toEqual({
      "to.postcode": "<quote.err.postcode>",
      "parcels[1].weight_kg": "<quote.err.number>",
      "sender.line1": "<quote.err.required>",
    });
    expect(r.general).toEqual(["secret is odd", "No service covers this route"]);
  });
});
