import path from "node:path";
import * as fontkit from "fontkit";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { fontFor, visualOrder } from "./pdf-fonts.js";

const dejavu = path.join(path.dirname(createRequire(import.meta.url).resolve("dejavu-fonts-ttf/package.json")), "ttf", "DejaVuSans.ttf");

describe("invoice PDF fonts", () => {
  it("keeps the standard font for text inside WinAnsi, Western European accents and the euro sign included", () => {
    expect(fontFor("Ada Obi, 7 Dock Road").name).toBe("Helvetica");
    expect(fontFor("Søren Müller — Crème brûlée, 12 €", true).name).toBe("Helvetica-Bold");
  });

  it("embeds a font that has every letter for Polish, Turkish, Greek, Cyrillic and Arabic text", () => {
    for (const text of ["Łukasz Żółć", "Şahin Ağaoğlu", "Νίκος", "Москва", "محمد علي"]) {
      const f = fontFor(text);
      expect(f.src, text).toBeTruthy();
      const font = fontkit.openSync(f.src!, f.face) as fontkit.Font;
      for (const ch of text.replace(/\s/g, "")) expect(font.hasGlyphForCodePoint(ch.codePointAt(0)!), `${text}: ${ch}`).toBe(true);
    }
  });

  it("ships DejaVu Sans with the project, so those scripts never depend on the machine's fonts", () => {
    const font = fontkit.openSync(dejavu) as fontkit.Font;
    for (const ch of "ŁŻółćŞğΝίκοςМоскваمحمدعليשלום") expect(font.hasGlyphForCodePoint(ch.codePointAt(0)!), ch).toBe(true);
  });

  it("hands right-to-left lines over as one run with numbers and Latin words pre-reversed", () => {
    expect(visualOrder("محمد علي")).toBe("محمد\u00A0علي");
    expect(visualOrder("شحن جوي 12 كغ")).toBe("شحن\u00A0جوي\u00A021\u00A0كغ");
    // A Latin word takes the Latin words and numbers after it into its run (bidi's rule): "DHL 2.5", "Ayşe Kaya" read as written.
    expect(visualOrder("שלום DHL 2.5")).toBe("שלום\u00A05.2\u00A0LHD");
    expect(visualOrder("نقدًا €12.50")).toBe("نقدًا\u00A005.21€");
    // Brackets mirrored, direction marks dropped (Intl's Arabic dates carry them).
    expect(visualOrder("مدفوع (SEPA-1)")).toBe("مدفوع\u00A0)1-APES(");
    expect(visualOrder("التاريخ 05\u200F/03\u200F/2026")).toBe("التاريخ\u00A06202/30/50");
    expect(visualOrder("05\u200F/03\u200F/2026")).toBe("05/03/2026");
    // A Persian amount (its decimal sign ٫) and a negative one read as one number each.
    expect(visualOrder("\u200E€۱٬۲۳۴٫۵۰")).toBe("۰۵٫۴۳۲٬۱€");
    expect(visualOrder("\u200E\u2212€۲۰٫۰۰")).toBe("۰۰٫۰۲€\u2212");
    expect(visualOrder("الجولة 7 · Ayşe Kaya")).toBe("الجولة\u00A07\u00A0·\u00A0ayaK\u00A0eşyA");
    // Left-to-right lines (also with a right-to-left word inside) stay as they are, and so does each line on its own.
    expect(visualOrder("Ali محمد Ltd")).toBe("Ali محمد Ltd");
    expect(visualOrder("7 Dock Road\nمحمد علي")).toBe("7 Dock Road\nمحمد\u00A0علي");
  });
});
