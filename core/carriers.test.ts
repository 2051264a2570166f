import { describe, expect, it } from "vitest";
import { CARRIERS, carrierName, findCarrier, trackingUrl } from "./carriers";

describe("carriers", () => {
  it("links the international carriers' tracking pages with the number encoded", () => {
    expect(trackingUrl("ups", "1Z999AA10123456784")).toBe(
      "https://www.ups.com/track?tracknum=1Z999AA10123456784",
    );
    expect(trackingUrl("fedex", "123456789012")).toBe(
      "https://www.fedex.com/fedextrack/?trknbr=123456789012",
    );
    expect(trackingUrl("usps", "9400100000000000000000")).toBe(
      "https://tools.usps.com/go/TrackConfirmAction?tLabels=9400100000000000000000",
    );
    expect(trackingUrl("dhl_express", "1234567890")).toBe(
      "https://www.dhl.com/global-en/home/tracking/tracking-express.html?submit=1&tracking-id=1234567890",
    );
    expect(trackingUrl("ups", "A&B=C/D")).toBe("https://www.ups.com/track?tracknum=A%26B%3DC%2FD");
  });

  it("links nothing for a carrier without a tracking page, or one it does not know", () => {
    expect(trackingUrl("jamaica_post", "RR123456789JM")).toBeNull();
    expect(trackingUrl("Island Courier", "123")).toBeNull();
  });

  it("finds a carrier by key or by name, and names stored carriers", () => {
    expect(findCarrier("DHL Express")?.key).toBe("dhl_express");
    expect(findCarrier(" FEDEX ")?.key).toBe("fedex");
    expect(findCarrier("Island Courier")).toBeUndefined();
    expect(carrierName("ttpost")).toBe("TTPost");
    expect(carrierName("Island Courier")).toBe("Island Courier");
  });

  it("has unique keys and names, and links only over https", () => {
    expect(new Set(CARRIERS.map((c) => c.key)).size).toBe(CARRIERS.length);
    expect(new Set(CARRIERS.map((c) => c.name.toLowerCase())).size).toBe(CARRIERS.length);
    for (const c of CARRIERS) if (c.trackingUrl) expect(c.trackingUrl("X")).toMatch(/^https:\/\//);
  });
});
