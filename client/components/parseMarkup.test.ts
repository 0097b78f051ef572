import { describe, expect, it } from "vitest";
import { parseLine, parseMarkup, safeMediaUrl } from "./parseMarkup";

describe("content markup", () => {
  it("keeps plain lines as text and turns blank lines into breaks", () => {
    expect(parseMarkup("Hello\n\n  \nWorld")).toEqual([{ kind: "text", text: "Hello" }, { kind: "break" }, { kind: "break" }, { kind: "text", text: "World" }]);
  });

  it("handles CRLF line endings and empty content", () => {
    expect(parseMarkup("a\r\nb")).toEqual([
      { kind: "text", text: "a" },
      { kind: "text", text: "b" },
    ]);
    expect(parseMarkup("")).toEqual([]);
    expect(parseMarkup(null)).toEqual([]);
  });

  it("applies each text directive", () => {
    expect(parseLine("[bold=Fast delivery]")).toEqual({ kind: "bold", text: "Fast delivery" });
    expect(parseLine("[underline=Why us?]")).toEqual({ kind: "underline", text: "Why us?" });
    expect(parseLine("[strikethrough=Old price]")).toEqual({ kind: "strikethrough", text: "Old price" });
  });

  it("accepts letters of any script in text directives", () => {
    expect(parseLine("[bold=Über uns]")).toEqual({ kind: "bold", text: "Über uns" });
    expect(parseLine("[bold=من نحن]")).toEqual({ kind: "bold", text: "من نحن" });
  });

  it("rejects text directives with anything but letters, spaces and ?", () => {
    for (const bad of ["[bold=Hi!]", "[bold=24/7]", "[underline=a<b>]", "[bold=x&y]", "[bold=]", "[bold=   ]", "[strikethrough=a.b]"]) {
      expect(parseLine(bad)).toEqual({ kind: "text", text: bad });
    }
  });

  it("applies image and video directives with http(s) URLs only", () => {
    expect(parseLine("[image=https://example.com/a.png]")).toEqual({ kind: "image", src: "https://example.com/a.png" });
    expect(parseLine("[video=http://example.com/v.mp4]")).toEqual({ kind: "video", src: "http://example.com/v.mp4" });
    for (const bad of [
      "[image=javascript:alert(1)]",
      "[image=data:image/png;base64,AAAA]",
      "[image=//example.com/a.png]",
      "[image=/uploads/a.png]",
      '[image=https://e.com/a.png" onerror="x]',
      "[video=ftp://example.com/v.mp4]",
      "[image=https://]",
    ]) {
      expect(parseLine(bad).kind).toBe("text");
    }
  });

  it("replaces the whole line with the first directive and ignores the rest", () => {
    expect(parseLine("Intro [bold=First] and [underline=Second] tail")).toEqual({ kind: "bold", text: "First" });
    expect(parseLine("[image=https://e.com/x.png][bold=Ignored]")).toEqual({ kind: "image", src: "https://e.com/x.png" });
  });

  it("skips an invalid directive and applies the next valid one on the line", () => {
    expect(parseLine("[bold=Nope!] [underline=Yes]")).toEqual({ kind: "underline", text: "Yes" });
  });

  it("ignores unknown directives and keeps HTML as inert text", () => {
    expect(parseLine("[italic=Hello]")).toEqual({ kind: "text", text: "[italic=Hello]" });
    expect(parseLine("<script>alert(1)</script>")).toEqual({ kind: "text", text: "<script>alert(1)</script>" });
  });

  it("validates media URLs", () => {
    expect(safeMediaUrl("https://example.com/a b.png")).toBeNull();
    expect(safeMediaUrl("HTTPS://Example.com/a.png")).toBe("https://example.com/a.png");
  });
});
