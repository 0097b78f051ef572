/**
 * JSON to embed in an HTML `<script>` element (JSON-LD, a page's Apollo cache): it cannot close the element
 * (`</script>`, `<!--`), and the line and paragraph separators U+2028/U+2029 are escaped too. JSON.parse reads
 * it back unchanged.
 */
export const scriptSafeJson = (v: unknown): string =>
  JSON.stringify(v)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
