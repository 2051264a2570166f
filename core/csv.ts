/**
 * CSV as RFC 4180 writes it, both ways: the seller's transactions and listings go out through
 * `csvField`, bulk listing files come in through `parseCsv`. No package: the format is small and
 * the rules that matter here (formulas defused, quotes, line breaks inside a field) are our own.
 */

/** A file `parseCsv` could not read: a quote left open, or a quote inside an unquoted field. */
export class CsvSyntaxError extends Error {
  constructor(
    message: string,
    /** The 1-based line of the file where the bad field starts. */
    readonly line: number,
  ) {
    super(message);
    this.name = "CsvSyntaxError";
  }
}

/**
 * Reads CSV text into records of fields. A byte order mark is dropped; lines end with CRLF or LF
 * (a lone CR too); a quoted field may hold commas, line breaks and doubled quotes; an empty last
 * line is not a record, and neither is a line with no characters at all (blank lines spreadsheets
 * leave at the end).
 */
export function parseCsv(input: string): string[][] {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  const records: string[][] = [];
  let record: string[] = [];
  let field = "";
  let quoted = false;
  let fieldStarted = false;
  let line = 1;
  let fieldLine = 1;
  const endField = () => {
    record.push(field);
    field = "";
    fieldStarted = false;
  };
  const endRecord = () => {
    endField();
    if (!(record.length === 1 && record[0] === "")) records.push(record);
    record = [];
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else {
          quoted = false;
          const next = text[i + 1];
          if (next !== undefined && next !== "," && next !== "\r" && next !== "\n")
            throw new CsvSyntaxError(
              `Line ${line}: a closing quote must end its field (write a quote inside a quoted field as "").`,
              line,
            );
        }
      } else {
        if (c === "\n" || (c === "\r" && text[i + 1] !== "\n")) line++;
        field += c;
      }
      continue;
    }
    if (c === '"') {
      if (fieldStarted)
        throw new CsvSyntaxError(
          `Line ${line}: a field with a quote in it must be quoted as a whole ("like ""this"" one").`,
          line,
        );
      quoted = true;
      fieldStarted = true;
      fieldLine = line;
    } else if (c === ",") {
      endField();
    } else if (c === "\r" || c === "\n") {
      if (c === "\r" && text[i + 1] === "\n") i++;
      endRecord();
      line++;
    } else {
      field += c;
      fieldStarted = true;
    }
  }
  if (quoted)
    throw new CsvSyntaxError(`Line ${fieldLine}: a quoted field is never closed.`, fieldLine);
  if (fieldStarted || record.length > 0) endRecord();
  return records;
}

/**
 * One CSV field, RFC 4180: quoted when it holds a comma, quote or line break, quotes doubled. Text
 * a spreadsheet would run as a formula (starting =, +, -, @, or a tab or carriage return before
 * one) gets a leading apostrophe: descriptions and titles are text other people choose.
 */
export function csvField(value: string | number | null): string {
  if (value === null) return "";
  let text = String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Records as a CSV file: fields through `csvField`, CRLF line ends, one at the end. */
export function csvText(records: (string | number | null)[][]): string {
  return `${records.map((r) => r.map(csvField).join(",")).join("\r\n")}\r\n`;
}
