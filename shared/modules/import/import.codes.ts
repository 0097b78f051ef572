// Pure data shared by the server and the client (the import screen sends its parts of this size):
// no imports and no Node or browser APIs here.

/** Rows the import screen sends per request (the server writes them in smaller transactions: import.service.ts WRITE_BATCH). */
export const IMPORT_BATCH = 500;
