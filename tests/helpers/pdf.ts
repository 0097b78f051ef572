import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";

/** Object `n` of a PDF: its dictionary text and, for a stream, its (inflated) bytes. */
export function pdfObject(pdf: Buffer, n: number): { dict: string; stream?: Buffer } {
  const raw = pdf.toString("latin1");
  const start = raw.search(new RegExp(`(^|\\s)${n} 0 obj\\b`));
  const end = raw.indexOf("endobj", start);
  const body = raw.slice(start, end);
  const s = body.match(/stream\r?\n/);
  if (!s) return { dict: body };
  const from = start + s.index! + s[0].length;
  let bytes = pdf.subarray(from, raw.indexOf("endstream", from));
  if (body.slice(0, s.index).includes("/FlateDecode")) bytes = zlib.inflateSync(bytes);
  return { dict: body.slice(0, s.index), stream: bytes };
}

/** Glyph id -> text of an embedded font, from its ToUnicode map (pdfkit writes bfrange arrays). */
function toUnicode(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  for (const r of cmap.matchAll(/<([0-9a-fA-F]+)>\s*<[0-9a-fA-F]+>\s*\[([^\]]*)\]/g)) {
    let gid = parseInt(r[1], 16);
    for (const u of r[2].matchAll(/<([0-9a-fA-F ]*)>/g)) {
      const units = u[1]
        .split(/\s+/)
        .filter(Boolean)
        .map((h) => parseInt(h, 16));
      map.set(gid++, String.fromCharCode(...units));
    }
  }
  return map;
}

// The standard fonts' encoding: Latin-1 with the euro sign, dashes and quotes in 0x80-0x9F (Node's
// TextDecoder("windows-1252") reads those bytes as Latin-1's control characters).
const CP1252 = "€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008DŽ\u008F\u0090‘’“”•–—˜™š›œ\u009DžŸ";
const winAnsi = (bytes: Buffer) => Array.from(bytes, (b) => (b >= 0x80 && b <= 0x9f ? CP1252[b - 0x80] : String.fromCharCode(b))).join("");

/**
 * The text a PDF shows: every content stream (inflated when FlateDecode), then the hex strings of
 * its TJ arrays, joined per array: WinAnsi bytes for the standard fonts, glyph ids read through the
 * font's ToUnicode map for embedded ones (pdfkit names fonts /F1, /F2 ... once per document).
 */
export function pdfText(pdf: Buffer): string {
  const out: string[] = [];
  const raw = pdf.toString("latin1");
  const fonts = new Map<string, Map<number, string> | null>();
  for (const dict of raw.matchAll(/\/Font\s*<<([^>]*)>>/g)) {
    for (const [, name, ref] of dict[1].matchAll(/\/(F\d+)\s+(\d+)\s+0\s+R/g)) {
      const font = pdfObject(pdf, Number(ref)).dict;
      const cmapRef = font.match(/\/ToUnicode\s+(\d+)\s+0\s+R/);
      fonts.set(name, cmapRef ? toUnicode(pdfObject(pdf, Number(cmapRef[1])).stream!.toString("latin1")) : null);
    }
  }
  for (const m of raw.matchAll(/<<([^]*?)>>\s*stream\r?\n/g)) {
    const start = m.index! + m[0].length;
    const end = raw.indexOf("endstream", start);
    let body = pdf.subarray(start, end);
    if (m[1].includes("/FlateDecode")) {
      try {
        body = zlib.inflateSync(body);
      } catch {
        continue;
      }
    }
    let font: Map<number, string> | null | undefined = null;
    for (const op of body.toString("latin1").matchAll(/\/(F\d+)\s+[\d.]+\s+Tf|\[([^\]]*)\]\s*TJ/g)) {
      if (op[1]) {
        font = fonts.get(op[1]);
        continue;
      }
      const pieces = [...op[2].matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => h[1]);
      out.push(
        font
          ? pieces.map((h) => (h.match(/.{4}/g) ?? []).map((g) => font!.get(parseInt(g, 16)) ?? "\uFFFD").join("")).join("")
          : pieces.map((h) => winAnsi(Buffer.from(h, "hex"))).join(""),
      );
    }
  }
  return out.join("\n");
}

/**
 * The PDF as poppler reads it (pdfinfo's page count, pdftotext's text in reading order): a second,
 * independent parser of the whole file (cross-reference table included); Debian's poppler-utils
 * (scripts/test-setup.mjs).
 */
export function popplerRead(pdf: Buffer): { pages: number; text: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pdf-"));
  try {
    const file = path.join(dir, "doc.pdf");
    fs.writeFileSync(file, pdf);
    const info = execFileSync("pdfinfo", [file], { encoding: "utf8" });
    const text = execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
    return { pages: Number(info.match(/^Pages:\s+(\d+)/m)?.[1]), text };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
