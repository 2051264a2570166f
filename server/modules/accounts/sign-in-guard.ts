import { eq } from "drizzle-orm";
import { ERROR_CODES } from "../../../core/errors";
import type { Db } from "../../db/client";
import { users } from "../../db/schema/users";
import { AppError } from "../../errors";
import type { LimitCounters } from "../../plugins/limit-counters";
import { waitMessage } from "../../plugins/rate-limit";
import type { Mailer } from "../mail/mailer";
import { signInAlertEmail } from "../mail/templates";

/**
 * How expensive password guessing is kept without letting a stranger lock the owner out. Only
 * failed sign-ins count, so the owner's own successes never use up a limit.
 * - per account and address: one address gets 10 wrong passwords per account per 15 minutes; the
 *   owner elsewhere is untouched (before, 10 wrong guesses from anywhere locked the account);
 * - per account, from every address: a slower ceiling of 100 an hour against guessing spread over
 *   many addresses. A browser the owner signed in from before (a signed device cookie) is exempt,
 *   so a distributed attack cannot lock out the owner's usual browser; a password reset lifts it;
 * - per address overall: the route's own limit (SIGN_IN_LIMIT_PER_MINUTE, all attempts).
 * At the 10th failure in an hour the owner is emailed once.
 */
export const SIGN_IN_LIMITS = {
  perAccountAndAddress: { max: 10, windowMs: 15 * 60_000 },
  perAccount: { max: 100, windowMs: 60 * 60_000 },
  alertAt: 10,
} as const;

export interface SignInGuardDeps {
  counters: LimitCounters;
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  log: (err: unknown, msg: string) => void;
}

const accountAndAddressKey = (email: string, address: string) =>
  `sign-in-failures|${email.toLowerCase()}|${address}`;
const accountKey = (email: string) => `sign-in-failures|${email.toLowerCase()}`;

/** Decides whether a sign-in may be tried, and records how it went. */
export class SignInGuard {
  constructor(private readonly deps: SignInGuardDeps) {}

  /**
   * Throws 429 when this address used up its guesses for the account, or the account its hourly
   * ceiling and the browser is not one the owner signed in from (`deviceUserId`, from its cookie).
   */
  async check(email: string, address: string, deviceUserId: string | null): Promise<void> {
    const { counters } = this.deps;
    const here = await counters.peek(accountAndAddressKey(email, address));
    if (here.count >= SIGN_IN_LIMITS.perAccountAndAddress.max)
      throw new AppError(
        429,
        ERROR_CODES.rateLimited,
        waitMessage(here.resetInMs, "Too many attempts for this account"),
      );
    const everywhere = await counters.peek(accountKey(email));
    if (everywhere.count < SIGN_IN_LIMITS.perAccount.max) return;
    if (deviceUserId && deviceUserId === (await this.userOf(email))?.id) return;
    throw new AppError(
      429,
      ERROR_CODES.rateLimited,
      `${waitMessage(everywhere.resetInMs, "Too many attempts for this account")} You can also reset your password.`,
    );
  }

  /** Counts a wrong password; the owner hears of a burst by email once an hour. */
  async failed(email: string, address: string): Promise<void> {
    const { counters } = this.deps;
    await counters.hit(
      accountAndAddressKey(email, address),
      SIGN_IN_LIMITS.perAccountAndAddress.windowMs,
    );
    const { count } = await counters.hit(accountKey(email), SIGN_IN_LIMITS.perAccount.windowMs);
    // Exactly one failure per window reaches this count, on whichever instance counted it.
    if (count === SIGN_IN_LIMITS.alertAt) {
      this.alertOwner(email, count).catch((err) => this.deps.log(err, "sign-in alert failed"));
    }
  }

  /** A right password from this address: its count for the account starts again. */
  async succeeded(email: string, address: string): Promise<void> {
    await this.deps.counters.reset(accountAndAddressKey(email, address));
  }

  /** A password reset proves the owner: the account's ceiling is lifted at once. */
  async forgive(email: string): Promise<void> {
    await this.deps.counters.reset(accountKey(email));
  }

  private async userOf(email: string) {
    const [user] = await this.deps.db
      .select({ id: users.id, email: users.email, fullName: users.fullName })
      .from(users)
      .where(eq(users.email, email.toLowerCase()));
    return user;
  }

  private async alertOwner(email: string, failures: number) {
    const user = await this.userOf(email);
    if (!user) return;
    await this.deps.mailer.send(
      signInAlertEmail(
        user.email,
        user.fullName.split(" ")[0] ?? "",
        failures,
        `${this.deps.publicUrl}/forgot-password`,
      ),
    );
  }
}
