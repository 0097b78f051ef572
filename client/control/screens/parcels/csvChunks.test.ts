import { describe, expect, it } from "vitest";
import { chunks, splitCsv } from "./csvChunks";

describe("splitCsv", () => {
  it("keeps quoted line breaks inside a record, drops the byte-order mark and CRs, numbers rows as a spreadsheet does", () => {
    const { header, records } = splitCsv('\uFEFFtracking_code;destination\r\nA;"Street 1\r\nCity"\r\n\r\nB;"say ""hi"""\r\n');
    expect(header).toBe("tracking_code;destination");
    expect(records).toEqual([
      { row: 2, text: 'A;"Street 1\r\nCity"' },
      { row: 3, text: "" },
      { row: 4, text: 'B;"say ""hi"""' },
    ]);
  });

  it("reads a last line without a line break", () => {
    expect(splitCsv("h\nA\nB").records.map((r) => r.text)).toEqual(["A", "B"]);
  });
});

describe("chunks", () => {
  it("puts the header in front of every part of at most `size` records", () => {
    const { header, records } = splitCsv("h\n1\n2\n3\n4\n5\n");
    const parts = chunks(header, records, 2);
    expect(parts.map((p) => p.text)).toEqual(["h\n1\n2\n", "h\n3\n4\n", "h\n5\n"]);
    expect(parts[2].records).toEqual([{ row: 6, text: "5" }]);
  });
});
