import type { Location } from "react-router";

/** A same-site path to go back to; anything else (other hosts, //evil, junk) becomes "/". */
export function safeReturnTo(value: unknown): string {
  return typeof value === "string" && /^\/(?!\/)[^\s\\]*$/.test(value) ? value : "/";
}

/** The current page as a path to come back to after signing in. */
export function pathOf(location: Pick<Location, "pathname" | "search" | "hash">): string {
  return `${location.pathname}${location.search}${location.hash}`;
}

/** Pages a visitor should not be sent back to once signed in. */
const AUTH_PAGES = ["/login", "/register", "/forgot-password", "/reset-password", "/confirm-email"];

export function isAuthPage(pathname: string): boolean {
  return AUTH_PAGES.includes(pathname);
}

/** /login, remembering where to come back to (left out for the home page and the auth pages). */
export function loginPath(returnTo: string): string {
  const path = safeReturnTo(returnTo);
  const pathname = path.split(/[?#]/)[0] ?? "/";
  if (path === "/" || isAuthPage(pathname)) return "/login";
  return `/login?${new URLSearchParams({ returnTo: path })}`;
}
