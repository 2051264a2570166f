// Apart from contracts/accounts.ts (which re-exports them) so that every page's API client can
// read them without downloading the account schemas and zod with them.

/** The header a page sends on state-changing requests, echoing the `tw_csrf` cookie. */
export const CSRF_HEADER = "x-csrf-token";
export const CSRF_COOKIE = "tw_csrf";
