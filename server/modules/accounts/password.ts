import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from "node:crypto";

// OWASP's minimum for scrypt; the parameters travel with each hash so they can be raised later
// without invalidating stored passwords.
const N = 16384;
const R = 8;
const P = 1;
const SALT_BYTES = 16;
const KEY_BYTES = 64;
// Node's default maxmem (32 MiB) is only just above what N=16384, r=8 needs; leave headroom so
// raised parameters read from a stored hash do not fail.
const MAX_MEM = 256 * 1024 * 1024;

function derive(plain: string, salt: Buffer, keyLength: number, options: ScryptOptions) {
  return new Promise<Buffer>((resolve, reject) => {
    scrypt(plain.normalize("NFKC"), salt, keyLength, options, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

/** Hashes a password as `scrypt$N$r$p$<saltB64>$<hashB64>` with a fresh random salt. */
export async function hashPassword(plain: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(plain, salt, KEY_BYTES, { N, r: R, p: P, maxmem: MAX_MEM });
  return `scrypt$${N}$${R}$${P}$${salt.toString("base64")}$${key.toString("base64")}`;
}

/** Checks a password against a stored hash in constant time; a malformed hash never matches. */
export async function verifyPassword(plain: string, stored: string): Promise<boolean> {
  const parts = stored.split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") return false;
  const [n, r, p] = parts.slice(1, 4).map(Number);
  if (!n || !r || !p || !Number.isInteger(n) || !Number.isInteger(r) || !Number.isInteger(p)) {
    return false;
  }
  const salt = Buffer.from(parts[4] ?? "", "base64");
  const expected = Buffer.from(parts[5] ?? "", "base64");
  if (salt.length === 0 || expected.length === 0) return false;
  try {
    const actual = await derive(plain, salt, expected.length, { N: n, r, p, maxmem: MAX_MEM });
    return timingSafeEqual(actual, expected);
  } catch {
    // Parameters out of range (a tampered hash) must read as a mismatch, not a server error.
    return false;
  }
}
