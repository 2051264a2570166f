import { isValidElement } from "react";
import { matchRoutes, type RouteObject } from "react-router";
import { describe, expect, it, vi } from "vitest";
import {
  DEV_PAGES,
  matchPattern,
  NOT_FOUND_PATH,
  PUBLIC_PAGES,
  SIGNED_IN_PAGES,
  STAFF_PAGES,
} from "../../core/site-routes";
import { SignedInOnly } from "./signed-in-only";

// The server answers 404 to paths outside core/site-routes.ts; the client's router decides what
// each path shows. They must agree, or a real page would answer 404 (or a missing one 200).

vi.mock("react-router", async (importOriginal) => {
  const actual = await importOriginal<typeof import("react-router")>();
  // Importing the router must not start one (there is no browser here): keep its routes instead.
  return { ...actual, createBrowserRouter: (routes: RouteObject[]) => ({ routes }) };
});

interface ClientRoute {
  path: string;
  signedIn: boolean;
}

/** Every page path the router declares, joined with its parents', and whether it needs sign-in. */
function clientRoutes(routes: RouteObject[], base = "", signedIn = false): ClientRoute[] {
  return routes.flatMap((route) => {
    const path = route.path ? `${base}/${route.path}`.replace(/\/+/g, "/") : base;
    const guarded =
      signedIn || (isValidElement(route.element) && route.element.type === SignedInOnly);
    const own = route.index || route.path ? [{ path: path || "/", signedIn: guarded }] : [];
    return [...own, ...clientRoutes(route.children ?? [], path, guarded)];
  });
}

/** A path a pattern matches: each parameter filled in, optional ones with and without. */
function samples(pattern: string): string[] {
  const filled = pattern.replace(/:[a-zA-Z]+(?=\/|$)/g, "sample");
  if (!filled.includes("?")) return [filled];
  return [filled.replace(/:[a-zA-Z]+\?/g, "sample"), filled.replace(/\/:[a-zA-Z]+\?/g, "")];
}

const matchesAny = (patterns: readonly string[], path: string) =>
  patterns.some((pattern) => matchPattern(pattern, path) !== null);

async function loadRoutes(): Promise<RouteObject[]> {
  const { router } = await import("./router");
  return (router as unknown as { routes: RouteObject[] }).routes;
}

describe("the server's page list and the client's router", () => {
  it("lists every page the router has, as public or signed-in alike", async () => {
    const routes = clientRoutes(await loadRoutes()).filter((r) => r.path !== "/*");
    expect(routes.length).toBeGreaterThan(30);
    // The admin area guards itself (staff only), so the router has it outside SignedInOnly.
    const publicPatterns = [
      ...PUBLIC_PAGES.map((p) => p.path),
      ...DEV_PAGES,
      ...STAFF_PAGES,
      NOT_FOUND_PATH,
    ];
    for (const route of routes) {
      for (const path of samples(route.path)) {
        const listed = route.signedIn
          ? matchesAny(SIGNED_IN_PAGES, path)
          : matchesAny(publicPatterns, path);
        expect(
          listed,
          `${route.path} (${route.signedIn ? "signed-in" : "public"}) is missing from core/site-routes.ts`,
        ).toBe(true);
      }
    }
  });

  it("has a page in the router for every path the server lists", async () => {
    const routes = await loadRoutes();
    const listed = [
      ...PUBLIC_PAGES.map((p) => p.path),
      ...SIGNED_IN_PAGES,
      ...DEV_PAGES,
      ...STAFF_PAGES,
    ];
    const missing = listed.flatMap(samples).filter((path) => {
      const matched = matchRoutes(routes, path) ?? [];
      return matched.at(-1)?.route.path === "*" || matched.length === 0;
    });
    expect(missing, "paths the server serves that the router shows as Page Not Found").toEqual([]);
  });
});
