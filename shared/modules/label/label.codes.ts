// Pure data shared by the server and the client (the parcel list's label printing): no imports and
// no Node or browser APIs here.

/** As many parcels as one labels PDF takes (GET /api/labels.pdf?codes=...). */
export const MAX_LABELS = 200;
