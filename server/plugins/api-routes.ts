/**
 * Whether a matched route is one of the API's own (the JSON API and the OAuth sign-in paths), as
 * opposed to pages and static files. Always decided on the route the router matched
 * (`request.routeOptions.url`), never on the raw URL: `/%61pi/auth/login` reaches
 * `/api/auth/login`, and a prefix test on the URL once let it skip the CSRF check.
 */
export function isApiRoute(routeUrl: string | undefined): boolean {
  return routeUrl !== undefined && (routeUrl.startsWith("/api/") || routeUrl.startsWith("/auth/"));
}
