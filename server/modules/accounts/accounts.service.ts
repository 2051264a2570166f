import { and, eq, gt, inArray, isNull, ne, sql } from "drizzle-orm";
import type { z } from "zod";
import type {
  registerSchema,
  SessionUser,
  updateProfileSchema,
} from "../../../core/contracts/accounts";
import { ERROR_CODES } from "../../../core/errors";
import type { Db } from "../../db/client";
import { emailTokens, oauthAccounts, sessions } from "../../db/schema/accounts";
import { users } from "../../db/schema/users";
import { AppError, badRequest, conflict } from "../../errors";
import { hashToken, newToken } from "../../plugins/session";
import type { Storage } from "../../plugins/storage";
import type { Mailer } from "../mail/mailer";
import { changeEmailEmail, confirmEmail, resetPasswordEmail } from "../mail/templates";
import { avatarFrom } from "../uploads/image-processing";
import { hashPassword, verifyPassword } from "./password";

export interface AccountsDeps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
}

const HOUR = 3600 * 1000;
const CONFIRM_TTL = 24 * HOUR;
const RESET_TTL = HOUR;

export const DUPLICATE_ACCOUNT = "Email or username already exists.";
export const INVALID_CREDENTIALS =
  "Invalid email or password. Please check your credentials and try again.";
export const NOT_CONFIRMED = "Please verify your email address before signing in.";
export const RESET_SENT =
  "If an account exists for that email, we've sent a link to reset your password.";
export const CONFIRMATION_SENT =
  "Registration successful! Please check your email to confirm your account.";

// Compared against when the email is unknown, so a wrong email costs as long as a wrong password.
const dummyHash = hashPassword("timing-equaliser-Aa1!");

const sessionUserColumns = {
  id: users.id,
  email: users.email,
  username: users.username,
  fullName: users.fullName,
  role: users.role,
  avatarUrl: users.avatarUrl,
  marketingEmails: users.marketingEmails,
  staffRole: users.staffRole,
};

/** The session view of one user. */
export async function getSessionUser(db: Db, userId: string): Promise<SessionUser | null> {
  const [user] = await db.select(sessionUserColumns).from(users).where(eq(users.id, userId));
  return user ?? null;
}

/** The local part of the email, cleaned, with a number added until no one else has it. */
export async function uniqueUsername(db: Db, email: string): Promise<string> {
  const base =
    (email.split("@")[0] ?? "")
      .toLowerCase()
      .replace(/[^a-z0-9._-]/g, "")
      .replace(/^[._-]+/, "")
      .slice(0, 24) || "trader";
  const padded = base.length >= 3 ? base : `${base}${"000".slice(base.length)}`;
  const taken = new Set(
    (
      await db
        .select({ username: users.username })
        .from(users)
        .where(
          sql`${users.username} = ${padded} or ${users.username} ~ ${`^${padded.replace(/[.]/g, "\\.")}[0-9]+$`}`,
        )
    ).map((r) => r.username),
  );
  if (!taken.has(padded)) return padded;
  for (let n = 2; ; n++) if (!taken.has(`${padded}${n}`)) return `${padded}${n}`;
}

type TokenKind = "confirm_email" | "reset_password" | "change_email";

async function issueToken(
  db: Db,
  userId: string,
  kind: TokenKind,
  ttlMs: number,
  newEmail?: string,
): Promise<string> {
  // Only the newest link of a kind works: older unused ones are retired.
  await db
    .update(emailTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(emailTokens.userId, userId),
        eq(emailTokens.kind, kind),
        sql`${emailTokens.usedAt} is null`,
      ),
    );
  const token = newToken();
  await db.insert(emailTokens).values({
    tokenHash: hashToken(token),
    userId,
    kind,
    newEmail,
    expiresAt: new Date(Date.now() + ttlMs),
  });
  return token;
}

/**
 * Marks a link's token used and answers it, or throws why it cannot be used. The claim is one
 * conditional update, so of any number of concurrent requests with one link exactly one wins; a
 * read-then-write would let each see the token unused before any of them commits.
 */
async function consumeToken(db: Db, token: string, kinds: TokenKind[]) {
  const tokenHash = hashToken(token);
  const [claimed] = await db
    .update(emailTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(emailTokens.tokenHash, tokenHash),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, sql`now()`),
        inArray(emailTokens.kind, kinds),
      ),
    )
    .returning();
  if (claimed) return claimed;
  // Nothing claimed: read the row only to say why.
  const [row] = await db.select().from(emailTokens).where(eq(emailTokens.tokenHash, tokenHash));
  if (!row || !kinds.includes(row.kind))
    throw badRequest("This link is not valid.", undefined, ERROR_CODES.invalidToken);
  if (row.usedAt)
    throw badRequest("This link has already been used.", undefined, ERROR_CODES.tokenUsed);
  // Right kind and unused, so the update can only have refused it for its expiry (by the
  // database's clock, which is why this does not compare against Date.now()).
  throw badRequest(
    "This link has expired. Please request a new one.",
    undefined,
    ERROR_CODES.tokenExpired,
  );
}

/** Creates an unconfirmed account and emails its confirmation link. */
export async function register(
  deps: AccountsDeps,
  input: z.output<typeof registerSchema>,
): Promise<void> {
  const { db } = deps;
  const passwordHash = await hashPassword(input.password);
  const fullName = `${input.firstName} ${input.lastName}`;
  const token = await db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, input.email));
    if (existing) throw conflict(DUPLICATE_ACCOUNT, ERROR_CODES.accountExists);
    const username = await uniqueUsername(tx, input.email);
    const inserted = await tx
      .insert(users)
      .values({
        email: input.email,
        username,
        fullName,
        role: input.accountType === "business" ? "seller" : "user",
        passwordHash,
        marketingEmails: input.marketingEmails,
      })
      .onConflictDoNothing()
      .returning({ id: users.id });
    // A concurrent registration of the same email or username lands here.
    const user = inserted[0];
    if (!user) throw conflict(DUPLICATE_ACCOUNT, ERROR_CODES.accountExists);
    return issueToken(tx, user.id, "confirm_email", CONFIRM_TTL);
  });
  await deps.mailer.send(
    confirmEmail(input.email, input.firstName, `${deps.publicUrl}/confirm-email?token=${token}`),
  );
}

/** Sends a new confirmation link to an unconfirmed account; silent for anything else. */
export async function resendConfirmation(deps: AccountsDeps, email: string): Promise<void> {
  const [user] = await deps.db.select().from(users).where(eq(users.email, email));
  if (!user || user.emailConfirmedAt) return;
  const token = await issueToken(deps.db, user.id, "confirm_email", CONFIRM_TTL);
  await deps.mailer.send(
    confirmEmail(
      user.email,
      user.fullName.split(" ")[0] ?? "",
      `${deps.publicUrl}/confirm-email?token=${token}`,
    ),
  );
}

/** Follows a confirmation link: confirms a new account, or moves an account to its new email. */
export async function confirmToken(db: Db, token: string): Promise<"confirmed" | "email_changed"> {
  return db.transaction(async (tx) => {
    const row = await consumeToken(tx, token, ["confirm_email", "change_email"]);
    if (row.kind === "change_email" && row.newEmail) {
      const [taken] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.email, row.newEmail), ne(users.id, row.userId)));
      if (taken) throw conflict(DUPLICATE_ACCOUNT, ERROR_CODES.accountExists);
      await tx
        .update(users)
        .set({ email: row.newEmail, emailConfirmedAt: new Date() })
        .where(eq(users.id, row.userId));
      return "email_changed";
    }
    await tx
      .update(users)
      .set({ emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, now())` })
      .where(eq(users.id, row.userId));
    return "confirmed";
  });
}

/** Checks email and password; returns the user id, or throws the spec's sign-in errors. */
export async function authenticate(db: Db, email: string, password: string): Promise<string> {
  const [user] = await db.select().from(users).where(eq(users.email, email));
  let ok = false;
  if (user?.passwordHash) ok = await verifyPassword(password, user.passwordHash);
  else await verifyPassword(password, await dummyHash);
  if (!user || !ok) {
    throw new AppError(401, ERROR_CODES.invalidCredentials, INVALID_CREDENTIALS, {
      email: "Invalid email or password",
      password: "Invalid email or password",
    });
  }
  if (!user.emailConfirmedAt) throw new AppError(403, ERROR_CODES.emailNotConfirmed, NOT_CONFIRMED);
  // Told only after the right password, so a suspension says nothing to someone guessing.
  if (user.suspendedAt) throw accountSuspended();
  return user.id;
}

export const ACCOUNT_SUSPENDED =
  "Your account has been suspended. Contact us if you think this is a mistake.";
const accountSuspended = () => new AppError(403, ERROR_CODES.accountSuspended, ACCOUNT_SUSPENDED);

/** Refuses a sign-in (by provider) to an account staff suspended. */
async function refuseSuspended(db: Db, userId: string): Promise<void> {
  const [user] = await db
    .select({ suspendedAt: users.suspendedAt })
    .from(users)
    .where(eq(users.id, userId));
  if (user?.suspendedAt) throw accountSuspended();
}

/** Emails a reset link when the account exists; the caller answers the same either way. */
export async function forgotPassword(deps: AccountsDeps, email: string): Promise<void> {
  const [user] = await deps.db.select().from(users).where(eq(users.email, email));
  if (!user) return;
  const token = await issueToken(deps.db, user.id, "reset_password", RESET_TTL);
  await deps.mailer.send(
    resetPasswordEmail(
      user.email,
      user.fullName.split(" ")[0] ?? "",
      `${deps.publicUrl}/reset-password?token=${token}`,
    ),
  );
}

/**
 * Sets a new password from a reset link and ends every session of the account; answers the
 * account's email (the caller lifts its sign-in limits).
 */
export async function resetPassword(db: Db, token: string, password: string): Promise<string> {
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const row = await consumeToken(tx, token, ["reset_password"]);
    // Following the emailed link proves the address, so it also confirms it.
    const [user] = await tx
      .update(users)
      .set({ passwordHash, emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, now())` })
      .where(eq(users.id, row.userId))
      .returning({ email: users.email });
    await tx.delete(sessions).where(eq(sessions.userId, row.userId));
    if (!user) throw badRequest("This link is not valid.", undefined, ERROR_CODES.invalidToken);
    return user.email;
  });
}

/** Changes name, username or marketing choice of the signed-in user. */
export async function updateProfile(
  db: Db,
  userId: string,
  patch: z.output<typeof updateProfileSchema>,
): Promise<SessionUser> {
  if (patch.username) {
    const [taken] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.username, patch.username), ne(users.id, userId)));
    if (taken) throw conflict("That username is already taken.", ERROR_CODES.usernameTaken);
  }
  if (Object.keys(patch).length > 0) {
    try {
      await db.update(users).set(patch).where(eq(users.id, userId));
    } catch (err) {
      // Two users racing for one free username: the unique index decides.
      if (String((err as { code?: string }).code ?? (err as Error).message).includes("23505")) {
        throw conflict("That username is already taken.", ERROR_CODES.usernameTaken);
      }
      throw err;
    }
  }
  const user = await getSessionUser(db, userId);
  if (!user) throw new AppError(401, ERROR_CODES.unauthorized, "Please sign in to continue.");
  return user;
}

async function checkCurrentPassword(db: Db, userId: string, currentPassword: string) {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user?.passwordHash || !(await verifyPassword(currentPassword, user.passwordHash))) {
    throw badRequest(
      "Your current password is not correct.",
      { currentPassword: "Your current password is not correct." },
      ERROR_CODES.wrongPassword,
    );
  }
  return user;
}

/** Changes the password after checking the current one; other sessions of the account end. */
export async function changePassword(
  db: Db,
  userId: string,
  currentPassword: string,
  newPassword: string,
  keepSessionHash: string | null,
): Promise<void> {
  await checkCurrentPassword(db, userId, currentPassword);
  const passwordHash = await hashPassword(newPassword);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
    await tx
      .delete(sessions)
      .where(
        and(
          eq(sessions.userId, userId),
          keepSessionHash ? ne(sessions.tokenHash, keepSessionHash) : sql`true`,
        ),
      );
  });
}

/** Sends a confirmation link to a new email; the account keeps its email until it is followed. */
export async function requestEmailChange(
  deps: AccountsDeps,
  userId: string,
  email: string,
  currentPassword: string,
): Promise<void> {
  const user = await checkCurrentPassword(deps.db, userId, currentPassword);
  if (email === user.email)
    throw badRequest("That is already your email address.", {
      email: "That is already your email address.",
    });
  const [taken] = await deps.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (taken) throw conflict(DUPLICATE_ACCOUNT, ERROR_CODES.accountExists);
  const token = await issueToken(deps.db, userId, "change_email", CONFIRM_TTL, email);
  await deps.mailer.send(
    changeEmailEmail(
      email,
      user.fullName.split(" ")[0] ?? "",
      `${deps.publicUrl}/confirm-email?token=${token}`,
    ),
  );
}

export interface OAuthIdentity {
  provider: string;
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
}

/**
 * Signs in through a provider: a known identity signs in its account; otherwise a confirmed
 * account with the same verified email is linked; otherwise a new confirmed account is made.
 */
export async function oauthSignIn(db: Db, identity: OAuthIdentity): Promise<string> {
  return db.transaction(async (tx) => {
    const [linked] = await tx
      .select({ userId: oauthAccounts.userId })
      .from(oauthAccounts)
      .where(
        and(
          eq(oauthAccounts.provider, identity.provider),
          eq(oauthAccounts.providerUserId, identity.subject),
        ),
      );
    if (linked) {
      await refuseSuspended(tx, linked.userId);
      return linked.userId;
    }
    if (!identity.email || !identity.emailVerified) {
      throw badRequest(
        "Your account at the provider has no verified email address.",
        undefined,
        ERROR_CODES.oauthNoEmail,
      );
    }
    const email = identity.email.toLowerCase();
    const [existing] = await tx.select().from(users).where(eq(users.email, email));
    let userId: string;
    if (existing) {
      // Linking to an unconfirmed account would let whoever registered it first take it over.
      if (!existing.emailConfirmedAt) {
        throw conflict(
          "Please confirm your email first, then sign in with your provider.",
          ERROR_CODES.accountUnconfirmed,
        );
      }
      if (existing.suspendedAt) throw accountSuspended();
      userId = existing.id;
    } else {
      const [created] = await tx
        .insert(users)
        .values({
          email,
          username: await uniqueUsername(tx, email),
          fullName: identity.name?.trim() || email.split("@")[0] || "Tradewinds user",
          emailConfirmedAt: new Date(),
        })
        .returning({ id: users.id });
      if (!created) throw new Error("user insert returned nothing");
      userId = created.id;
    }
    await tx
      .insert(oauthAccounts)
      .values({ provider: identity.provider, providerUserId: identity.subject, userId });
    return userId;
  });
}

/** Stores a new avatar (validated and re-encoded) and drops the old file. */
export async function setAvatar(
  db: Db,
  storage: Storage,
  userId: string,
  data: Buffer,
): Promise<SessionUser> {
  const webp = await avatarFrom(data);
  const key = `avatars/${userId}-${newToken().slice(0, 12)}.webp`;
  const { url } = await storage.put(key, webp, "image/webp");
  const [before] = await db
    .select({ avatarUrl: users.avatarUrl })
    .from(users)
    .where(eq(users.id, userId));
  await db.update(users).set({ avatarUrl: url }).where(eq(users.id, userId));
  if (before?.avatarUrl?.startsWith("/uploads/avatars/")) {
    await storage.delete(before.avatarUrl.slice("/uploads/".length)).catch(() => undefined);
  }
  const user = await getSessionUser(db, userId);
  if (!user) throw new AppError(401, ERROR_CODES.unauthorized, "Please sign in to continue.");
  return user;
}
