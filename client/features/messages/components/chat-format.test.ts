import { describe, expect, it } from "vitest";
import { formatDay, formatFileSize, groupByDay, safeHref, splitLinks } from "./chat-format";

const links = (text: string) => splitLinks(text).filter((p) => p.kind === "link");

describe("splitLinks", () => {
  it("turns http and https addresses into links and keeps the rest as text", () => {
    expect(splitLinks("See https://tradewinds.test/listing/1 and http://a.test too")).toEqual([
      { kind: "text", text: "See " },
      {
        kind: "link",
        text: "https://tradewinds.test/listing/1",
        href: "https://tradewinds.test/listing/1",
      },
      { kind: "text", text: " and " },
      { kind: "link", text: "http://a.test", href: "http://a.test/" },
      { kind: "text", text: " too" },
    ]);
  });

  it("leaves sentence punctuation outside the link, but a bracket opened inside it stays", () => {
    expect(links("Is it https://a.test/x?")[0]).toMatchObject({ text: "https://a.test/x" });
    expect(links("(https://a.test/x).")[0]).toMatchObject({ text: "https://a.test/x" });
    expect(links("https://en.wikipedia.org/wiki/Nevis_(island).")[0]).toMatchObject({
      text: "https://en.wikipedia.org/wiki/Nevis_(island)",
    });
  });

  it("never makes a link of javascript:, data: or other schemes", () => {
    for (const text of [
      "javascript:alert(1)",
      "JaVaScRiPt:alert(document.cookie)",
      "data:text/html;base64,PHNjcmlwdD4=",
      "vbscript:msgbox(1)",
      "file:///etc/passwd",
      '<a href="javascript:alert(1)">x</a>',
      "https://",
    ]) {
      expect(links(text), text).toEqual([]);
      expect(
        splitLinks(text)
          .map((p) => p.text)
          .join(""),
      ).toBe(text);
    }
    // An http address carrying a script in its query is still only an http link.
    for (const part of links("http://a.test/?q=javascript:alert(1)"))
      expect(part.href.startsWith("http://")).toBe(true);
  });

  it("keeps HTML as text", () => {
    expect(splitLinks("<img src=x onerror=alert(1)>")).toEqual([
      { kind: "text", text: "<img src=x onerror=alert(1)>" },
    ]);
  });

  it("answers an empty list for empty text", () => {
    expect(splitLinks("")).toEqual([]);
  });
});

describe("safeHref", () => {
  it("allows http and https only", () => {
    expect(safeHref("https://a.test")).toBe("https://a.test/");
    expect(safeHref("javascript:alert(1)")).toBeNull();
    expect(safeHref("not a url")).toBeNull();
  });
});

describe("groupByDay", () => {
  const now = new Date(2026, 2, 7, 15, 0);
  const at = (day: number, hour: number) => new Date(2026, 2, day, hour, 0).toISOString();

  it("groups consecutive messages by local day, labelled Today, Yesterday or the date", () => {
    const messages = [
      { id: "a", createdAt: at(3, 9) },
      { id: "b", createdAt: at(3, 23) },
      { id: "c", createdAt: at(6, 8) },
      { id: "d", createdAt: at(7, 0) },
      { id: "e", createdAt: at(7, 14) },
    ];
    const groups = groupByDay(messages, now);
    expect(groups.map((g) => g.label)).toEqual(["Tuesday, March 3", "Yesterday", "Today"]);
    expect(groups.map((g) => g.items.map((m) => m.id))).toEqual([["a", "b"], ["c"], ["d", "e"]]);
    expect(new Set(groups.map((g) => g.key)).size).toBe(3);
  });

  it("names the year of a day in another year", () => {
    expect(formatDay(new Date(2025, 11, 31, 12), now)).toBe("Wednesday, December 31, 2025");
  });

  it("answers no groups for no messages", () => {
    expect(groupByDay([], now)).toEqual([]);
  });
});

describe("formatFileSize", () => {
  it("reads in bytes, kilobytes and megabytes", () => {
    expect(formatFileSize(0)).toBe("0 B");
    expect(formatFileSize(512)).toBe("512 B");
    expect(formatFileSize(1024)).toBe("1 KB");
    expect(formatFileSize(1536)).toBe("1.5 KB");
    expect(formatFileSize(340 * 1024)).toBe("340 KB");
    expect(formatFileSize(2.5 * 1024 * 1024)).toBe("2.5 MB");
    expect(formatFileSize(10 * 1024 * 1024)).toBe("10 MB");
    expect(formatFileSize(-1)).toBe("0 B");
  });
});
