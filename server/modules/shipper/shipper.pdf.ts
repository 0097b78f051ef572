import { useFontFor } from "../invoice/pdf-fonts.js";
import { a4Document, BAND, drawLetterhead, INK, MUTED, textArea } from "../invoice/pdf-document.js";
import { shipperLanguage, type ShipperLanguage } from "./shipper.i18n.js";

/**
 * The set-up the shipper's A4 documents share (the statement, booking/statement.pdf.ts; the COD remittance,
 * cod/remittance.pdf.ts): the letterhead, whom it is for, a table of rows that repeats on as many pages as it
 * takes, and the sums under it; in the shipper's language (shipper.i18n.ts), right to left in Arabic and
 * Persian (the columns and the sums then run from the right). Drawn in the PDF threads (invoice/pdf-thread.ts).
 */

export interface DocCompany {
  name: string;
  contact_email: string;
  contact_phone: string;
  contact_address: string;
}
export interface DocShipper {
  name: string;
  company: string | null;
  email: string;
}
export interface DocColumn {
  /** The heading's text key (shipper locales, pdf.*). */
  key: string;
  /** Its width in points; null: what the other columns leave. */
  w: number | null;
  /** Amounts: at the far end of the row. */
  end?: boolean;
}

const HELVETICA_ASCENT = 718;

export interface ShipperDocument {
  l: ShipperLanguage;
  /** One row per item under a band of headings; a new page when the page is full. */
  table(columns: DocColumn[], rows: Iterable<string[]>): void;
  /** A rule across the page, then the sums: a label and its amount (or one text), the last one bold. */
  sums(lines: [label: string, amount?: string][]): void;
  /** Ends the document: its bytes. */
  end(): Promise<Buffer>;
}

export function shipperDocument(o: {
  language: string | null | undefined;
  /** The text key of the title (pdf.*); the PDF's Title metadata is its `docKey` with the number. */
  titleKey: string;
  docKey: string;
  titleSize: number;
  number: string;
  details: (l: ShipperLanguage) => string[];
  /** The text key of the label over the shipper's name (billed to, paid to). */
  partyKey: string;
  shipper: DocShipper;
  company: DocCompany;
  compress?: boolean;
}): ShipperDocument {
  const l = shipperLanguage(o.language);
  const { doc, done } = a4Document({ Title: l.t(o.docKey, { number: o.number }), Author: o.company.name }, { compress: o.compress, lang: l.tag });
  const { left, width, right } = textArea(doc);
  const start = (dx: number, w: number) => (l.rtl ? right - dx - w : left + dx);
  const along = l.rtl ? "right" : "left";
  const caps = (key: string) => l.t(key).toLocaleUpperCase(l.locale);

  let y = drawLetterhead(doc, {
    company: o.company.name,
    contacts: [o.company.contact_address, o.company.contact_email, o.company.contact_phone],
    title: caps(o.titleKey),
    titleSize: o.titleSize,
    number: o.number,
    details: o.details(l),
  });
  y += 14;
  doc.fontSize(8).fillColor(MUTED);
  doc.text(useFontFor(doc, caps(o.partyKey), true), left, y, { width, align: along });
  doc.fontSize(11).fillColor(INK);
  doc.text(useFontFor(doc, o.shipper.company || o.shipper.name, true), left, doc.y + 3, { width, align: along });
  doc.fontSize(10).fillColor(MUTED);
  doc.text(useFontFor(doc, [o.shipper.company ? o.shipper.name : "", o.shipper.email].filter(Boolean).join(" · ")), { width, align: along });
  y = doc.y + 18;

  const room = (need: number) => {
    if (y + need > doc.page.height - doc.page.margins.bottom) {
      doc.addPage();
      y = doc.page.margins.top;
    }
  };

  const table = (columns: DocColumn[], rows: Iterable<string[]>) => {
    const fixed = columns.reduce((sum, c) => sum + (c.w ?? 0), 0);
    const cols = columns.map((c) => ({ ...c, w: c.w ?? width - fixed }));
    const row = (cells: string[], head = false) => {
      room(40);
      const size = head ? 8 : 10;
      // One baseline for the row: pdfkit puts a text's top at y, and an embedded font's ascent is higher than Helvetica's.
      const baseline = y + (HELVETICA_ASCENT * size) / 1000;
      let dx = 0;
      cells.forEach((c, i) => {
        doc.fontSize(size).fillColor(head ? MUTED : INK);
        // A service or a heading in Arabic is drawn in reading order by a font that has it (pdf-fonts.ts).
        const shown = useFontFor(doc, c, head);
        const end = cols[i].end ? (l.rtl ? "left" : "right") : along;
        doc.text(shown, start(dx, cols[i].w) + 4, baseline, { width: cols[i].w - 8, align: end, lineBreak: false, ellipsis: true, baseline: "alphabetic" });
        dx += cols[i].w;
      });
      y += head ? 18 : 16;
    };
    doc.rect(left, y - 5, width, 20).fill(BAND);
    row(
      cols.map((c) => caps(c.key)),
      true,
    );
    for (const cells of rows) row(cells);
  };

  const sums = (lines: [label: string, amount?: string][]) => {
    y += 6;
    doc.moveTo(left, y).lineTo(right, y).lineWidth(1).strokeColor(INK).stroke();
    y += 8;
    const toward = l.rtl ? "left" : "right";
    lines.forEach(([label, amount], i) => {
      const bold = i === lines.length - 1;
      room(24);
      doc.fontSize(bold ? 12 : 10).fillColor(INK);
      // A line without an amount is one text across the page ("Total €12.00").
      const labelW = amount === undefined ? width : width - 130;
      doc.text(useFontFor(doc, label, bold), start(0, labelW), y, { width: labelW, align: toward, lineBreak: false });
      if (amount !== undefined) doc.text(useFontFor(doc, amount, bold), start(width - 126, 122), y, { width: 122, align: toward, lineBreak: false });
      y += bold ? 20 : 16;
    });
  };

  return {
    l,
    table,
    sums,
    end: () => {
      doc.end();
      return done;
    },
  };
}
