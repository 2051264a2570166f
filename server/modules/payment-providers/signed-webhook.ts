import { ERROR_CODES } from "../../../core/errors";
import { badRequest } from "../../errors";
import { InvalidSignatureError } from "./payment-provider";

/**
 * A provider's webhook read from the exact bytes it signed: a body that is not raw bytes, or a
 * forged or stale signature, is the caller's 400 (invalid_signature), never a 500. The payments and
 * payouts webhook routes both read their events through this.
 */
export function readSignedWebhook<T>(body: unknown, parse: (raw: Buffer) => T): T {
  if (!Buffer.isBuffer(body)) throw badRequest("Expected a JSON body.");
  try {
    return parse(body);
  } catch (error) {
    if (error instanceof InvalidSignatureError)
      throw badRequest(error.message, undefined, ERROR_CODES.invalidSignature);
    throw error;
  }
}
