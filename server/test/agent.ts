import { Readable } from "node:stream";
import type { App } from "../app";

type Method = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";

/**
 * A browser-like client for app.inject: it keeps cookies between requests and, like the web app,
 * echoes the CSRF cookie in the x-csrf-token header on state-changing requests.
 */
let agents = 0;

export class Agent {
  readonly cookies = new Map<string, string>();
  /** Each agent is its own visitor, so per-IP rate limits count per agent as they would per person. */
  readonly remoteAddress: string;
  constructor(
    private readonly app: App,
    remoteAddress?: string,
  ) {
    agents++;
    this.remoteAddress =
      remoteAddress ?? `10.${(agents >> 16) & 255}.${(agents >> 8) & 255}.${agents & 255}`;
  }

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  async request(
    method: Method,
    url: string,
    body?: unknown,
    options: { csrf?: boolean; headers?: Record<string, string> } = {},
  ) {
    if (method !== "GET" && options.csrf !== false && !this.cookies.has("tw_csrf")) {
      await this.request("GET", "/api/auth/session");
    }
    const headers: Record<string, string> = { ...options.headers };
    if (this.cookies.size > 0) headers.cookie = this.cookieHeader();
    if (method !== "GET" && options.csrf !== false)
      headers["x-csrf-token"] = this.cookies.get("tw_csrf") ?? "";
    const res = await this.app.inject({
      method,
      url,
      headers,
      remoteAddress: this.remoteAddress,
      ...(body === undefined ? {} : { payload: body as object | Buffer }),
    });
    for (const c of res.cookies) {
      const expired = c.expires !== undefined && new Date(c.expires).getTime() <= Date.now();
      if (c.value === "" || expired || c.maxAge === 0) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    return res;
  }

  get(url: string) {
    return this.request("GET", url);
  }
  post(
    url: string,
    body?: unknown,
    options?: { csrf?: boolean; headers?: Record<string, string> },
  ) {
    return this.request("POST", url, body ?? {}, options);
  }
  patch(url: string, body?: unknown, options?: { csrf?: boolean }) {
    return this.request("PATCH", url, body ?? {}, options);
  }
  put(url: string, body?: unknown) {
    return this.request("PUT", url, body ?? {});
  }
  delete(url: string) {
    return this.request("DELETE", url);
  }

  /** Sends one file as the multipart field `file`, as a browser form would. */
  upload(url: string, filename: string, contentType: string, data: Buffer) {
    const boundary = "----tradewinds-test";
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`;
    const payload = Buffer.concat([
      Buffer.from(head),
      data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return this.request("POST", url, payload, {
      headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
    });
  }

  /**
   * Sends one file as `upload` does, but as a stream of pieces of `pieceBytes`, counted from the
   * file's first byte, as a socket delivers a large file: a limit that falls on a piece's end is
   * met differently by the multipart parser than one inside a piece.
   */
  uploadInPieces(
    url: string,
    filename: string,
    contentType: string,
    data: Buffer,
    pieceBytes = 64 * 1024,
  ) {
    const boundary = "----tradewinds-pieces";
    const pieces: Buffer[] = [
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
      ),
    ];
    for (let at = 0; at < data.length; at += pieceBytes)
      pieces.push(data.subarray(at, Math.min(at + pieceBytes, data.length)));
    pieces.push(Buffer.from(`\r\n--${boundary}--\r\n`));
    return this.request("POST", url, Readable.from(pieces), {
      headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
    });
  }
}
