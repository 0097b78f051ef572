/** Installs each [package, a file it provides] whose file is missing; `who` names the caller in the log. */
export function ensureDebianPackages(who: string, needed: [string, string][]): void;
