// Pure data shared by the server (staff.input.ts) and the client (the Staff screen): no Node APIs.

/** The longest name a member of the staff may have (how others see them: the dispatch board, run sheets). */
export const MEMBER_NAME_MAX = 100;
