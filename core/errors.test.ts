import { describe, expect, it } from "vitest";
import { CART_PROBLEMS } from "./contracts/buying";
import { CLIENT_ERROR_CODES, ERROR_CODES } from "./errors";

const serverCodes: string[] = Object.values(ERROR_CODES);
const clientCodes: string[] = Object.values(CLIENT_ERROR_CODES);

describe("ERROR_CODES", () => {
  it("gives every code one name only", () => {
    // Two names for one wire string would let a page branch on one and miss the other.
    const seen = new Map<string, string[]>();
    for (const [name, code] of Object.entries(ERROR_CODES))
      seen.set(code, [...(seen.get(code) ?? []), name]);
    const doubled = [...seen].filter(([, names]) => names.length > 1);
    expect(doubled).toEqual([]);
  });

  it.each(serverCodes.concat(clientCodes))("spells %s in snake_case", (code) => {
    expect(code).toMatch(/^[a-z][a-z0-9]*(?:_[a-z0-9]+)*$/);
  });

  it("keeps the client's stand-in codes apart from the server's", () => {
    expect(clientCodes.filter((code) => serverCodes.includes(code))).toEqual([]);
    expect(new Set(clientCodes).size).toBe(clientCodes.length);
  });

  it("holds every cart line problem, since checkout refuses with the same code", () => {
    expect(CART_PROBLEMS.filter((code) => !serverCodes.includes(code))).toEqual([]);
  });
});
