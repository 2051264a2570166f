import { describe, expect, it } from "vitest";
import { makeZodJitless } from "./zod-jitless";

describe("makeZodJitless", () => {
  it("is the setting zod reads: set before zod loads, zod's config says jitless", async () => {
    makeZodJitless();
    const { config } = await import("zod");
    expect(config().jitless).toBe(true);
  });
});
