/** "A, B;C" → ["A", "B", "C"]: distinct codes in the order given (the tracking box and boot.ts read the address alike). */
export function splitCodes(raw: string): string[] {
  return [
    ...new Set(
      raw
        .split(/[\s,;]+/)
        .map((c) => c.trim())
        .filter(Boolean),
    ),
  ];
}
