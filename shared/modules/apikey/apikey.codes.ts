// Pure data shared by the server and the client (the control panel's API key form): no imports and
// no Node or browser APIs here.

/** Calls per minute a key may be given, and what it gets when the call names none. */
export const MAX_KEY_RATE = 100_000;
export const DEFAULT_KEY_RATE = 600;
