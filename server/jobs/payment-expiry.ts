import type { Db } from "../db/client";
import { expireDueSessions } from "../modules/payments/payments.service";

/**
 * Ends unpaid payment sessions past their expiry every `intervalMs`, returning their stock.
 * Reservations stop counting at expiry anyway (readers compare `expires_at` with now); this only
 * records the outcome, so a late run is harmless and any number of instances may run it.
 */
export function startPaymentExpiryWorker(
  db: Db,
  log: (err: unknown, msg: string) => void,
  intervalMs = 30_000,
): () => void {
  let running = false;
  const timer = setInterval(async () => {
    if (running) return;
    running = true;
    try {
      await expireDueSessions(db);
    } catch (err) {
      log(err, "payment session expiry failed");
    } finally {
      running = false;
    }
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
