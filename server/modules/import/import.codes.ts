// Pure data shared by the server and the client (the import screen sends its parts of this size):
// no imports and no Node or browser APIs here.

/** Rows the server checks or writes as one batch (one transaction), and the client sends per request. */
export const IMPORT_BATCH = 500;
