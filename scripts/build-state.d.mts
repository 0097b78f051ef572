/** The build's state: `built` is 0 when there is none (else the oldest output's mtime); `current` when no source is newer. */
export function buildState(): { built: number; current: boolean };
