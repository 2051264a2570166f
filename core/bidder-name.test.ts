import { describe, expect, it } from "vitest";
import { maskBidderName } from "./bidder-name";

describe("maskBidderName", () => {
  it("keeps the first and last letter with asterisks between", () => {
    expect(maskBidderName("keisha")).toBe("k***a");
    expect(maskBidderName("jeanluc")).toBe("j***c");
    expect(maskBidderName("abc")).toBe("a***c");
  });

  it("never gives a short name away whole", () => {
    expect(maskBidderName("ab")).toBe("a***");
    expect(maskBidderName("a")).toBe("a***");
    expect(maskBidderName("")).toBe("***");
  });

  it("counts letters, not UTF-16 units", () => {
    expect(maskBidderName("😀bob😀")).toBe("😀***😀");
  });
});
