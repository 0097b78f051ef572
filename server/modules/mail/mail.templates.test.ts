import { describe, expect, it } from "vitest";
import { renderMail, type Company } from "./mail.templates.js";
import { MAIL_TEMPLATES } from "../../../shared/modules/mail/mail.codes.js";

const co: Company = {
  name: "SwiftRoute Courier",
  email: "hello@swift.example",
  phone: "+44 20 7946 0321",
  address: "12 Harbour Park, Tilbury",
  url: "https://swift.example",
};
const HTML = ["html1", "html2", "html3", "html4"] as const;

describe("MAIL_TEMPLATES", () => {
  it("are plain and four HTML designs", () => {
    expect([...MAIL_TEMPLATES]).toEqual(["plain", "html1", "html2", "html3", "html4"]);
  });
});

describe("renderMail", () => {
  it("plain is text only, with the company's details as a signature", () => {
    const r = renderMail("plain", "Hello", "Your parcel left the depot.", co);
    expect(r.html).toBeUndefined();
    expect(r.text).toBe(
      "Your parcel left the depot.\n\n--\nSwiftRoute Courier\nhello@swift.example\n+44 20 7946 0321\n12 Harbour Park, Tilbury\nhttps://swift.example",
    );
  });

  it("leaves empty contact details out of the signature", () => {
    const r = renderMail("plain", "s", "Body", { name: "Courier", email: "", phone: "", address: "", url: "" });
    expect(r.text).toBe("Body\n\n--\nCourier");
  });

  it("falls back to text only for an unknown template name", () => {
    expect(renderMail("html9", "s", "Body", co).html).toBeUndefined();
    for (const name of ["__proto__", "toString", "constructor", ""]) expect(renderMail(name, "s", "Body", co).html, name).toBeUndefined();
  });

  it.each(HTML)("%s is a full HTML document with the subject, the body, the company and a text alternative", (tpl) => {
    const r = renderMail(tpl, "Shipment update", "Line one\nline two\n\nSecond paragraph", co);
    expect(r.text).toContain("Line one\nline two\n\nSecond paragraph");
    expect(r.text).toContain("SwiftRoute Courier");
    const html = r.html!;
    expect(html).toMatch(/^<!doctype html><html lang="en" dir="ltr">/);
    // In the recipient's language: lang and direction on the document.
    const ar = renderMail(tpl, "s", "مرحبًا\n\nOut with the driver\n\nتتبّعها: https://t.example/track.html?code=A-1&lang=ar", co, undefined, {
      tag: "ar",
      rtl: true,
    }).html!;
    expect(ar).toMatch(/^<!doctype html><html lang="ar" dir="rtl">/);
    // Each paragraph finds its own direction; a link stays one left-to-right unit.
    expect(ar).toMatch(/<p dir="auto"[^>]*>Out with the driver<\/p>/);
    expect(ar).toContain('<a href="https://t.example/track.html?code=A-1&amp;lang=ar" dir="ltr">https://t.example/track.html?code=A-1&amp;lang=ar</a>');
    expect(html).toMatch(/<\/html>$/);
    expect(html).toContain("Shipment update");
    expect(html).toContain("SwiftRoute Courier");
    expect(html).toContain("hello@swift.example");
    expect(html).toContain("+44 20 7946 0321");
    expect(html).toContain("12 Harbour Park, Tilbury");
    // Blank lines split paragraphs, single newlines become <br>.
    expect(html).toMatch(/<p[^>]*>Line one<br>line two<\/p>\s*<p[^>]*>Second paragraph<\/p>/);
  });

  it("gives four distinct designs", () => {
    const out = HTML.map((tpl) => renderMail(tpl, "Same subject", "Same body", co).html!);
    expect(new Set(out).size).toBe(4);
    const backgrounds = out.map((h) => /<body style="[^"]*background:(#[0-9a-f]{6})/.exec(h)?.[1]);
    expect(new Set(backgrounds).size).toBe(4);
  });

  it.each(HTML)("%s escapes everything it interpolates", (tpl) => {
    const evil: Company = { ...co, name: `<img src=x onerror="alert(1)">`, address: "A & B's <road>" };
    const html = renderMail(tpl, "<script>alert('s')</script>", '<b>bold</b> & "quoted"', evil).html!;
    expect(html).not.toContain("<script>");
    expect(html).not.toContain("<img");
    expect(html).not.toContain("<b>bold</b>");
    expect(html).toContain("&lt;b&gt;bold&lt;/b&gt; &amp; &quot;quoted&quot;");
    expect(html).toContain("A &amp; B&#39;s &lt;road&gt;");
  });

  it.each(HTML)("%s makes each address a link, its closing punctuation outside, a quote in it unable to end the attribute", (tpl) => {
    const html = renderMail(
      tpl,
      "s",
      'Confirm: https://t.example/account/verify?token=a_b-1&next=%2Faccount%2Fnew.\nSee https://x.example/"onmouseover="alert(1)',
      co,
    ).html!;
    expect(html).toContain(
      '<a href="https://t.example/account/verify?token=a_b-1&amp;next=%2Faccount%2Fnew" dir="ltr">https://t.example/account/verify?token=a_b-1&amp;next=%2Faccount%2Fnew</a>.',
    );
    expect(html).toContain('<a href="https://x.example/&quot;onmouseover=&quot;alert(1" dir="ltr">');
    expect(html).not.toMatch(/<a [^>]*\sonmouseover=/);
  });
});
