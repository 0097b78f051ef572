import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import * as fontkit from "fontkit";
import { readEnv } from "../../core/config.js";

/**
 * Fonts for the invoice PDF, chosen per piece of text so that any customer's name, product or
 * address shows in its own script:
 *
 * 1. Helvetica (a PDF standard font, nothing embedded) when every character is in its WinAnsi set;
 * 2. DejaVu Sans, shipped with the project (npm dejavu-fonts-ttf): all Latin, Greek, Cyrillic,
 *    Armenian, Georgian, Hebrew and Arabic;
 * 3. fonts found on the machine for what DejaVu Sans lacks (Debian's fonts-noto-core and
 *    fonts-noto-cjk: Thai, Devanagari, Chinese/Japanese/Korean, rarer Arabic and Hebrew letters), and
 *    any font files named in PDF_FONTS (comma-separated paths; `file.ttc#PostScriptName` picks one
 *    face of a collection).
 *
 * The first font that has a glyph for every character wins; when none does, DejaVu Sans draws what
 * it can. Embedded fonts are subset by pdfkit, so a PDF carries only the glyphs it uses.
 */

export interface PdfFont {
  /** The name the document knows the font by (pdfkit's registerFont). */
  name: string;
  /** An embedded font's file, read once and kept (a standard font has none), and its face in a collection. */
  src?: string;
  bytes?: Buffer;
  face?: string;
}

interface Candidate extends PdfFont {
  covers(cp: number): boolean;
}

const HELVETICA: PdfFont = { name: "Helvetica" };
const HELVETICA_BOLD: PdfFont = { name: "Helvetica-Bold" };

// WinAnsiEncoding: printable ASCII, Latin-1 and the 27 characters Windows-1252 adds in 0x80-0x9F.
const WIN_ANSI_EXTRA = new Set("€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ".split("").map((c) => c.codePointAt(0)!));
const inWinAnsi = (cp: number) => (cp >= 0x20 && cp <= 0x7e) || (cp >= 0xa0 && cp <= 0xff) || WIN_ANSI_EXTRA.has(cp);
// Characters no font needs to draw (line breaks, joiners, direction marks, variation selectors).
const invisible = (cp: number) =>
  cp < 0x20 || (cp >= 0x200b && cp <= 0x200f) || (cp >= 0x202a && cp <= 0x202e) || (cp >= 0x2066 && cp <= 0x2069) || (cp >= 0xfe00 && cp <= 0xfe0f);

const dejavuDir = path.join(path.dirname(createRequire(import.meta.url).resolve("dejavu-fonts-ttf/package.json")), "ttf");

/** Debian's paths of fonts for letters DejaVu Sans lacks, regular and bold. */
const SYSTEM: [string, string][] = [
  ["/usr/share/fonts/truetype/noto/NotoNaskhArabic-Regular.ttf", "/usr/share/fonts/truetype/noto/NotoNaskhArabic-Bold.ttf"],
  ["/usr/share/fonts/truetype/noto/NotoSansHebrew-Regular.ttf", "/usr/share/fonts/truetype/noto/NotoSansHebrew-Bold.ttf"],
  ["/usr/share/fonts/truetype/noto/NotoSansThai-Regular.ttf", "/usr/share/fonts/truetype/noto/NotoSansThai-Bold.ttf"],
  ["/usr/share/fonts/truetype/noto/NotoSansDevanagari-Regular.ttf", "/usr/share/fonts/truetype/noto/NotoSansDevanagari-Bold.ttf"],
  ["/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc#NotoSansCJKjp-Regular", "/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc#NotoSansCJKjp-Bold"],
];

const opened = new Map<string, Candidate | null>();

/** A font file as a candidate, or null when it is missing or unreadable (cached either way). */
function candidate(spec: string): Candidate | null {
  if (opened.has(spec)) return opened.get(spec)!;
  const [file, face] = spec.split("#");
  let c: Candidate | null = null;
  try {
    if (fs.existsSync(file)) {
      // Read once: every document embeds from these bytes, and fontkit parses tables lazily.
      const bytes = fs.readFileSync(file);
      const f = fontkit.create(bytes, face) as fontkit.Font | fontkit.FontCollection;
      const font = "fonts" in f ? (face ? f.getFont(face) : f.fonts[0]) : f;
      if (font && "hasGlyphForCodePoint" in font) {
        c = { name: `F-${path.basename(file)}${face ? `-${face}` : ""}`, src: file, bytes, face, covers: (cp) => font.hasGlyphForCodePoint(cp) };
      }
    }
  } catch {
    c = null;
  }
  opened.set(spec, c);
  return c;
}

/** The fonts to try in order, each opened only when the ones before it lack a letter. */
function* candidates(bold: boolean): Generator<Candidate> {
  const extra = readEnv("PDF_FONTS")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  for (const spec of [path.join(dejavuDir, bold ? "DejaVuSans-Bold.ttf" : "DejaVuSans.ttf"), ...SYSTEM.map((pair) => pair[bold ? 1 : 0]), ...extra]) {
    const c = candidate(spec);
    if (c) yield c;
  }
}

/** The font to draw `text` with (see above). */
export function fontFor(text: string, bold = false): PdfFont {
  const cps = [...text].map((ch) => ch.codePointAt(0)!).filter((cp) => !invisible(cp));
  if (cps.every(inWinAnsi)) return bold ? HELVETICA_BOLD : HELVETICA;
  let first: Candidate | undefined;
  for (const c of candidates(bold)) {
    first ??= c;
    if (cps.every((cp) => c.covers(cp))) return c;
  }
  return first ?? (bold ? HELVETICA_BOLD : HELVETICA);
}

// Strong right-to-left characters: Hebrew, Arabic, Syriac, Thaana, NKo and their presentation forms.
const RTL = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/u;
const LTR = /[A-Za-z\u00C0-\u024F\u0370-\u03FF\u0400-\u04FF\u0E00-\u0E7F\u3040-\u30FF\u4E00-\u9FFF]/u;

// Runs that keep their left-to-right order inside right-to-left text: numbers (also Arabic-Indic, and amounts with their
// currency sign) and Latin words. As in
// the Unicode bidi algorithm, a run that starts with a Latin letter goes on over spaces to the Latin words and numbers
// after it ("Ayşe Kaya", "DHL 2.5" read left to right as a whole); a number alone ends at its space.
const LTR_CHAR = "[\\p{Sc}0-9A-Za-z\\u00C0-\\u024F\\u0660-\\u0669\\u06F0-\\u06F9]";
// Separators inside a number: also Arabic's decimal and thousands signs (Persian amounts: €۱٬۲۳۴٫۵۰); a leading minus.
const SEP = "[.,:/+\\-\\u066B\\u066C]";
const LTR_TOKEN = `[-\\u2212]?${LTR_CHAR}+(?:${SEP}${LTR_CHAR}+)*`;
const LTR_RUN = new RegExp(`[A-Za-z\\u00C0-\\u024F]${LTR_CHAR}*(?:${SEP}${LTR_CHAR}+)*(?:[ \\t]+${LTR_TOKEN})*|${LTR_TOKEN}`, "gu");

const MIRRORED: Record<string, string> = { "(": ")", ")": "(", "[": "]", "]": "[", "{": "}", "}": "{", "<": ">", ">": "<" };

/**
 * Text as pdfkit should get it to show it in reading order. pdfkit lays a line out word by word,
 * left to right, and fontkit reverses the glyphs of each right-to-left word, which puts the words of
 * an Arabic or Hebrew line in the wrong order and their spaces on the wrong side. So a line whose
 * first strong character is right-to-left becomes one word (no-break spaces): fontkit then reverses
 * the whole line; numbers and Latin words in it are reversed beforehand so that they read left to
 * right again. (A small bidi for names, addresses and products; lines are not wrapped then.)
 */
export function visualOrder(text: string): string {
  return text
    .split("\n")
    .map((marked) => {
      // Direction marks (Intl puts them in Arabic dates and amounts) would split a number's run and show as gaps.
      const line = marked.replace(/[\u200E\u200F\u061C]/g, "");
      const first = [...line].find((ch) => RTL.test(ch) || LTR.test(ch));
      if (!first || !RTL.test(first)) return line;
      // A bracket in right-to-left text shows mirrored (Unicode's Bidi_Mirrored), which fontkit's reversal does not do.
      return line
        .replace(LTR_RUN, (run) => [...run].reverse().join(""))
        .replace(/[()[\]{}<>]/g, (b) => MIRRORED[b])
        .replace(/[ \t]/g, "\u00A0");
    })
    .join("\n");
}

const registered = new WeakMap<PDFKit.PDFDocument, Set<string>>();

/** Sets the font for `text` on the document (registering it once) and answers the text to draw. */
export function useFontFor(doc: PDFKit.PDFDocument, text: string, bold = false): string {
  const f = fontFor(text, bold);
  let names = registered.get(doc);
  if (!names) registered.set(doc, (names = new Set()));
  if (f.bytes && !names.has(f.name)) {
    doc.registerFont(f.name, f.bytes, f.face);
    names.add(f.name);
  }
  doc.font(f.name);
  return visualOrder(text);
}
