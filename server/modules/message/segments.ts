/**
 * How many SMS segments a text takes (contract section 13). GSM 03.38's default alphabet packs 160
 * characters in one message, 153 a segment once it is split (the rest of each is the concatenation
 * header); its extension table (the euro sign, brackets, ...) costs two characters each (an escape and
 * the character). A text with any other character goes as UCS-2: 70 UTF-16 code units in one message,
 * 67 a segment beyond (an emoji outside the Basic Multilingual Plane is two code units).
 */
const GSM_BASIC = "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞ\u001bÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà";
const GSM_EXTENSION = "^{}\\[~]|€\f";
const basic = new Set(GSM_BASIC);
const extension = new Set(GSM_EXTENSION);

export interface SegmentCount {
  encoding: "GSM-7" | "UCS-2";
  /** Characters as the encoding counts them: septets for GSM-7 (an extension character is 2), UTF-16 code units for UCS-2. */
  units: number;
  segments: number;
}

export function countSegments(text: string): SegmentCount {
  let septets = 0;
  for (const ch of text) {
    if (basic.has(ch)) septets += 1;
    else if (extension.has(ch)) septets += 2;
    else {
      const units = text.length;
      return { encoding: "UCS-2", units, segments: units <= 70 ? 1 : Math.ceil(units / 67) };
    }
  }
  return { encoding: "GSM-7", units: septets, segments: septets <= 160 ? 1 : Math.ceil(septets / 153) };
}
