import { describe, expect, it } from "vitest";
import { CsvSyntaxError, csvField, csvText, parseCsv } from "./csv";

describe("parseCsv", () => {
  it("reads plain fields, CRLF and LF line ends, and a last line without one", () => {
    expect(parseCsv("a,b\r\nc,d\ne,f")).toEqual([
      ["a", "b"],
      ["c", "d"],
      ["e", "f"],
    ]);
  });

  it("keeps commas, doubled quotes and line breaks inside quotes", () => {
    expect(parseCsv('"a,1","say ""hi""","two\r\nlines"\r\nx,"",y\r\n')).toEqual([
      ["a,1", 'say "hi"', "two\r\nlines"],
      ["x", "", "y"],
    ]);
  });

  it("drops a byte order mark and blank lines, keeps empty fields", () => {
    expect(parseCsv("\uFEFFtitle,price\r\n\r\nBasket,\r\n,\r\n\r\n")).toEqual([
      ["title", "price"],
      ["Basket", ""],
      ["", ""],
    ]);
  });

  it("reads a lone CR as a line end", () => {
    expect(parseCsv("a\rb")).toEqual([["a"], ["b"]]);
  });

  it("refuses a quote left open and a quote inside an unquoted field, naming the line", () => {
    expect(() => parseCsv('a,b\n"open,c\nd')).toThrow(CsvSyntaxError);
    try {
      parseCsv('a,b\n"open,c\nd');
    } catch (err) {
      expect((err as CsvSyntaxError).line).toBe(2);
    }
    expect(() => parseCsv('a,b"c"\n')).toThrow(/must be quoted as a whole/);
    expect(() => parseCsv('"a"b,c\n')).toThrow(/closing quote must end its field/);
  });

  it("reads back what csvText writes", () => {
    const records = [
      ["Title", "Description"],
      ['A "quoted", word', "line one\nline two"],
      ["", "plain"],
    ];
    expect(parseCsv(csvText(records))).toEqual(records);
  });
});

describe("csvField", () => {
  it("defuses formulas and quotes what needs it", () => {
    expect(csvField("=HYPERLINK(1)")).toBe("'=HYPERLINK(1)");
    expect(csvField("@x")).toBe("'@x");
    expect(csvField("-1")).toBe("'-1");
    expect(csvField("+1,2")).toBe(`"'+1,2"`);
    expect(csvField(-150)).toBe("-150");
    expect(csvField(null)).toBe("");
  });
});
