/** The shipping label PDF of one parcel (GET /api/parcels/{code}/label.pdf). */
export const labelUrl = (code: string, format?: "a4") => `/api/parcels/${encodeURIComponent(code)}/label.pdf${format ? `?format=${format}` : ""}`;

/** Labels of several parcels in one PDF (GET /api/labels.pdf?codes=A,B,C). */
export const labelsUrl = (codes: string[], format?: "a4") =>
  `/api/labels.pdf?codes=${codes.map(encodeURIComponent).join(",")}${format ? `&format=${format}` : ""}`;
