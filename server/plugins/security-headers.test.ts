import { describe, expect, it } from "vitest";
import { helmetHeaders } from "./security-headers";

describe("helmetHeaders", () => {
  it("works out Helmet's headers once, with the policy as configured", () => {
    const headers = helmetHeaders({
      contentSecurityPolicy: {
        directives: {
          "default-src": ["'self'"],
          "img-src": ["'self'", "https://photos.example"],
          "upgrade-insecure-requests": null,
        },
      },
      hsts: false,
    });
    expect(headers["content-security-policy"]).toContain("img-src 'self' https://photos.example");
    expect(headers["content-security-policy"]).not.toContain("upgrade-insecure-requests");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["strict-transport-security"]).toBeUndefined();
  });

  it("includes HSTS when asked", () => {
    expect(helmetHeaders({ hsts: true })["strict-transport-security"]).toMatch(/max-age=/);
  });
});
