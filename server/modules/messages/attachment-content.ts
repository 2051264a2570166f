/**
 * What a file sent in a message is, judged by its content and its name, never by the type the
 * browser declared: which files are refused outright, the name that is kept and shown, and the
 * content type and disposition it is served with.
 */

/**
 * Extensions refused whatever the content: programs, installers, scripts, and pages a browser would
 * run (HTML, SVG). A file is only ever served as a download, but a recipient may still open one.
 */
const REFUSED_EXTENSIONS = new Set([
  "exe",
  "dll",
  "bat",
  "cmd",
  "sh",
  "js",
  "mjs",
  "cjs",
  "html",
  "htm",
  "xhtml",
  "shtml",
  "svg",
  "svgz",
  "msi",
  "msp",
  "jar",
  "apk",
  "com",
  "scr",
  "pif",
  "cpl",
  "hta",
  "ps1",
  "psm1",
  "vbs",
  "vbe",
  "jse",
  "wsf",
  "wsh",
  "lnk",
  "reg",
]);

/** Executables by their first bytes: Windows (MZ), Linux (ELF), macOS (Mach-O, fat) and Java. */
const EXECUTABLE_MAGIC: readonly Buffer[] = [
  Buffer.from("MZ", "latin1"),
  Buffer.from([0x7f, 0x45, 0x4c, 0x46]),
  Buffer.from([0xfe, 0xed, 0xfa, 0xce]),
  Buffer.from([0xfe, 0xed, 0xfa, 0xcf]),
  Buffer.from([0xce, 0xfa, 0xed, 0xfe]),
  Buffer.from([0xcf, 0xfa, 0xed, 0xfe]),
  Buffer.from([0xca, 0xfe, 0xba, 0xbe]),
  // A script of any interpreter.
  Buffer.from("#!", "latin1"),
];

/** Markup a browser would render or run, looked for in the first kilobyte (as browsers sniff). */
const MARKUP = ["<!doctype html", "<html", "<head", "<body", "<script", "<iframe", "<svg"];
const SNIFF_BYTES = 1024;

/** Why a file is refused, as the sender reads it; null when it may be sent. */
export function refusalOf(name: string, data: Buffer, isImage: boolean): string | null {
  const extension = extensionOf(name);
  if (extension === "svg" || extension === "svgz")
    return "SVG images can't be sent. Please send a JPEG, PNG or WebP image.";
  if (REFUSED_EXTENSIONS.has(extension))
    return `Files of type .${extension} can't be sent, for everyone's safety.`;
  if (EXECUTABLE_MAGIC.some((magic) => data.subarray(0, magic.length).equals(magic)))
    return "Programs and scripts can't be sent, for everyone's safety.";
  // An image is re-encoded from its pixels, so whatever text hides in it is not kept.
  if (!isImage) {
    // Without NULs, UTF-16 text reads as ASCII too.
    const head = data.subarray(0, SNIFF_BYTES).toString("latin1").replace(/\0/g, "").toLowerCase();
    if (head.includes("<svg"))
      return "SVG images can't be sent. Please send a JPEG, PNG or WebP image.";
    if (MARKUP.some((tag) => head.includes(tag)))
      return "Web pages and scripts can't be sent, for everyone's safety.";
  }
  return null;
}

/** The lower-case extension after the last dot, or "" (a leading dot alone is no extension). */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : "";
}

const MAX_NAME_LENGTH = 150;

/**
 * The name kept and shown for an uploaded file: its last path part, without control characters,
 * bidirectional overrides (which make "cod.exe" read as "exe.doc"), characters disks refuse, or
 * trailing dots and spaces (Windows drops them, so "a.exe." opens as a.exe); at most 150
 * characters, keeping the extension; "file" when nothing is left.
 */
export function sanitizeFileName(raw: string | undefined): string {
  const last = (raw ?? "").split(/[\\/]/).pop() ?? "";
  const cleaned = last
    .normalize("NFC")
    // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point.
    .replace(/[\u0000-\u001f\u007f-\u009f]/g, "")
    .replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, "")
    .replace(/[<>:"|?*]/g, "_")
    .trim()
    .replace(/[. ]+$/, "");
  const chars = Array.from(cleaned);
  if (chars.length <= MAX_NAME_LENGTH) return cleaned || "file";
  const extension = extensionOf(cleaned);
  const tail = extension && extension.length <= 10 ? `.${extension}` : "";
  return chars.slice(0, MAX_NAME_LENGTH - tail.length).join("") + tail;
}

/**
 * Content types of common documents, by extension. Anything else is served as
 * application/octet-stream: every file is a download (content-disposition: attachment, nosniff),
 * so the type only helps the recipient's computer pick the program to open it with.
 */
const FILE_TYPES: Record<string, string> = {
  pdf: "application/pdf",
  txt: "text/plain",
  csv: "text/csv",
  rtf: "application/rtf",
  doc: "application/msword",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  xls: "application/vnd.ms-excel",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  ppt: "application/vnd.ms-powerpoint",
  pptx: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  odt: "application/vnd.oasis.opendocument.text",
  ods: "application/vnd.oasis.opendocument.spreadsheet",
  zip: "application/zip",
  mp3: "audio/mpeg",
  mp4: "video/mp4",
  mov: "video/quicktime",
};

/** The content type a file (not an image) is stored and served with. */
export function fileContentType(name: string): string {
  return FILE_TYPES[extensionOf(name)] ?? "application/octet-stream";
}

/**
 * A Content-Disposition header for `name`: an ASCII fallback for old clients, and the real name
 * in RFC 5987 form; nothing in it can end the header or the quoted string.
 */
export function contentDisposition(kind: "inline" | "attachment", name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\%]/g, "_");
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/** An image's name for download: stored as WebP, so named as one ("beach.png" → "beach.webp"). */
export function webpName(name: string): string {
  const dot = name.lastIndexOf(".");
  return `${dot > 0 ? name.slice(0, dot) : name}.webp`;
}
