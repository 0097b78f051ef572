// Pure data shared by the server and the client (the password fields' hint): no imports and no Node
// or browser APIs here.

/** OWASP ASVS level 2 (2.1.1): a password has at least this many characters (and is no common one). */
export const PASSWORD_MIN = 12;
