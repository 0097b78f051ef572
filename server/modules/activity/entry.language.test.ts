// entry.language.ts reads the company's language from the settings service, whose input classes carry type-graphql decorators.
import "reflect-metadata";
import { describe, expect, it } from "vitest";
import { FAILURE_REASONS, STATUS_CODES } from "../../../shared/modules/parcel/status.codes.js";
import { defaultScanTitle } from "../../../shared/modules/scan/scan.events.js";
import { staffLanguage } from "../staff/staff.i18n.js";
import { entryLanguageCode, proofEntry, rescheduleEntry, scanTitle } from "./entry.language.js";

describe("the language of the entries the server writes (entry.language.ts)", () => {
  it("the recipient's language, else the member's, else the company's, else English; unknown codes count as none", () => {
    expect(entryLanguageCode("de", "ar")).toBe("de");
    expect(entryLanguageCode(null, "ar")).toBe("ar");
    expect(entryLanguageCode("xx", "ar")).toBe("ar");
    expect(entryLanguageCode(undefined, null, "fr")).toBe("fr");
    expect(entryLanguageCode(null, null)).toBe("en");
    expect(entryLanguageCode("", "klingon")).toBe("en");
    // The real tags of the chooser's odd codes are the same language.
    expect(entryLanguageCode("sv", null)).toBe("se");
  });

  it("English writes what it always wrote: every scan title, the proof's and the reschedule's texts", () => {
    const en = staffLanguage("en");
    for (const status of STATUS_CODES) {
      expect(scanTitle(en, status), status).toBe(defaultScanTitle(status));
      for (const reason of [...FAILURE_REASONS, "unknown", null])
        expect(scanTitle(en, status, reason), `${status} ${reason}`).toBe(defaultScanTitle(status, reason));
    }
    expect(proofEntry(en, { receiver: true, signature: true, photo: true })).toEqual({
      title: "Delivered",
      description: "Proof of delivery recorded: receiver's name, signature, photo.",
    });
    expect(proofEntry(en, { receiver: false, signature: true, photo: false }).description).toBe("Proof of delivery recorded: signature.");
    expect(rescheduleEntry(en, "2026-04-03", true)).toEqual({
      title: "New delivery day chosen",
      description: "The recipient chose delivery on Friday, 3 April 2026 on the tracking page (with the link in the delivery e-mail).",
    });
    expect(rescheduleEntry(en, null, false).description).toBe(
      "The recipient chose to pick the parcel up at the depot on the tracking page (after confirming the postcode or e-mail address).",
    );
  });

  it("another language writes its own words, its list and its dates", () => {
    const de = staffLanguage("de");
    expect(scanTitle(de, "in_transit")).toBe("Im Depot angekommen");
    expect(proofEntry(de, { receiver: true, signature: true, photo: true }).description).toBe(
      "Zustellnachweis erfasst: Name des Empfängers, Unterschrift und Foto.",
    );
    expect(rescheduleEntry(de, "2026-04-03", false).description).toBe(
      "Der Empfänger hat auf der Sendungsverfolgung die Zustellung am Freitag, 3. April 2026 gewählt (nach Bestätigung der Postleitzahl oder E-Mail-Adresse).",
    );
    const ar = staffLanguage("ar");
    expect(scanTitle(ar, "delivery_failed", "nobody_home")).toBe("فشلت محاولة التسليم: لا أحد في المنزل");
    expect(ar.t("history.booked.description", { shipper: "S", service: "X", count: 2, weight: 1 })).toContain("طردان");
  });
});
