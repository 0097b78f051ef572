/**
 * The content-page markup (plain lines, [bold=...] headings), parsed into plain data (rendered by Markup.tsx
 * as React elements: content is never injected as HTML).
 *
 * - One directive per line: [image=url], [video=url], [bold=text], [underline=text],
 *   [strikethrough=text].
 * - The first valid directive on a line (leftmost) is applied and replaces the whole line.
 * - bold, underline and strikethrough accept letters (any script), spaces and ? only.
 * - image and video accept absolute http(s) URLs only.
 * - A blank line becomes a break; any other line is plain text.
 */
export type TextStyle = "bold" | "underline" | "strikethrough";
export type MarkupNode = { kind: "text"; text: string } | { kind: "break" } | { kind: TextStyle; text: string } | { kind: "image" | "video"; src: string };

const DIRECTIVE = /\[(image|video|bold|underline|strikethrough)=([^\]\n]*)\]/g;
const STYLED_TEXT = /^[\p{L}\p{M} ?]+$/u;

/** An absolute http(s) URL without spaces or quote characters, or null. */
export function safeMediaUrl(value: string): string | null {
  if (!/^https?:\/\/[^\s"'<>`\\]+$/i.test(value)) return null;
  try {
    const url = new URL(value);
    if ((url.protocol !== "http:" && url.protocol !== "https:") || !url.hostname) return null;
    return url.href;
  } catch {
    return null;
  }
}

export function parseLine(line: string): MarkupNode {
  if (line.trim() === "") return { kind: "break" };
  for (const m of line.matchAll(DIRECTIVE)) {
    const name = m[1] as "image" | "video" | TextStyle;
    const value = m[2];
    if (name === "image" || name === "video") {
      const src = safeMediaUrl(value.trim());
      if (src) return { kind: name, src };
    } else if (STYLED_TEXT.test(value) && value.trim() !== "") {
      return { kind: name, text: value };
    }
  }
  return { kind: "text", text: line };
}

export function parseMarkup(content: string | null | undefined): MarkupNode[] {
  if (!content) return [];
  return content.split(/\r\n|\r|\n/).map(parseLine);
}
