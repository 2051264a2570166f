import { promisify } from "node:util";
import zlib from "node:zlib";
import fp from "fastify-plugin";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Below this, compressing saves less than it costs. */
export const COMPRESS_MIN_BYTES = 1024;
/** JSON, HTML and other text; never text/event-stream (the live feed writes its own stream anyway). */
const COMPRESSIBLE_TYPE =
  /^(application\/(json|problem\+json|javascript|xml)|text\/(?!event-stream)[a-z-]+|image\/svg\+xml)(;|$)/i;

/** brotli when the browser takes it, else gzip, else null; a `q=0` refuses a coding. */
export function pickEncoding(acceptEncoding: string | undefined): "br" | "gzip" | null {
  if (!acceptEncoding) return null;
  const accepted = new Set<string>();
  for (const part of acceptEncoding.toLowerCase().split(",")) {
    const [name, ...params] = part.trim().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    if (name && !(q && Number(q.slice(2)) === 0)) accepted.add(name.trim());
  }
  if (accepted.has("br")) return "br";
  if (accepted.has("gzip")) return "gzip";
  return null;
}

/**
 * Compresses the answers the app builds in memory (API JSON, the page's HTML, robots.txt, the
 * sitemap) for a browser that accepts it: brotli at a quality that costs about what gzip does
 * (the best quality is for files compressed once at build time), else gzip. Streams (built files,
 * which are sent precompressed, and uploads) and small answers pass untouched; the live event stream
 * writes to the socket itself and never reaches this hook. Runs on the thread pool, so a large
 * answer does not hold up the event loop.
 */
export const compressionPlugin = fp(
  async (app) => {
    app.addHook("onSend", async (request, reply, payload) => {
      if (typeof payload !== "string" && !Buffer.isBuffer(payload)) return payload;
      if (request.method === "HEAD" || reply.getHeader("content-encoding")) return payload;
      const type = String(reply.getHeader("content-type") ?? "");
      if (!COMPRESSIBLE_TYPE.test(type)) return payload;
      // The answer differs by Accept-Encoding whether or not this one is compressed.
      const vary = reply.getHeader("vary");
      reply.header("vary", vary === undefined ? "Accept-Encoding" : mergeVary(vary));
      const size = Buffer.byteLength(payload);
      if (size < COMPRESS_MIN_BYTES) return payload;
      const encoding = pickEncoding(request.headers["accept-encoding"]);
      if (!encoding) return payload;
      const compressed =
        encoding === "br"
          ? await brotli(payload, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size,
              },
            })
          : await gzip(payload, { level: 6 });
      reply.header("content-encoding", encoding);
      // Fastify measures the compressed body it is given.
      reply.removeHeader("content-length");
      return compressed;
    });
  },
  { name: "compression" },
);

function mergeVary(current: unknown): string {
  const values = String(current ?? "")
    .split(",")
    .map((v) => v.trim())
    .filter(Boolean);
  if (values.some((v) => v === "*" || v.toLowerCase() === "accept-encoding")) {
    return values.join(", ");
  }
  return [...values, "Accept-Encoding"].join(", ");
}
