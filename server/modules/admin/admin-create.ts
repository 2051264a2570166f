/**
 * `npm run admin:create -- --email someone@example.com [--username x] [--name "Full Name"]`
 *
 * Makes the first admin (or any later one) from the command line: creates a confirmed account with
 * the admin role, or gives an existing account the role (its password stays as it is). A new
 * account's password comes from ADMIN_PASSWORD when set (for scripts: nothing is asked), else from
 * the first line of standard input when that is not a terminal (`... < file`, a pipe), otherwise it
 * is asked twice on the terminal without echo. It is never printed. The database is the server's: DATABASE_URL, or
 * the embedded PGlite folder in DATA_DIR (stop the server first: PGlite allows one process).
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { emailSchema, newPasswordSchema, usernameSchema } from "../../../core/contracts/accounts";
import { loadConfig } from "../../config";
import { type Db, openDatabase } from "../../db/client";
import { rows } from "../../db/rows";
import { uniqueUsername } from "../accounts/accounts.service";
import { hashPassword } from "../accounts/password";
import { recordAdminAction } from "../staff/audit-log";

export interface CreateAdminInput {
  email: string;
  username?: string;
  fullName?: string;
  /** Asked for only when the account is new; answers the password or throws why it cannot. */
  password: () => Promise<string>;
}

export interface CreateAdminResult {
  userId: string;
  username: string;
  created: boolean;
}

/** A refusal to show the operator as it is (bad email, weak password, taken username). */
export class AdminCreateError extends Error {}

function parsed<T>(
  result: { success: true; data: T } | { success: false; error: { issues: { message: string }[] } },
): T {
  if (!result.success)
    throw new AdminCreateError(result.error.issues[0]?.message ?? "Invalid value");
  return result.data;
}

/**
 * Creates the admin, or promotes the existing account with that email; one transaction with its
 * audit entry (the account is its own actor: nobody signed in did it).
 */
export async function createAdmin(db: Db, input: CreateAdminInput): Promise<CreateAdminResult> {
  const email = parsed(emailSchema.safeParse(input.email));
  const chosenUsername =
    input.username === undefined ? undefined : parsed(usernameSchema.safeParse(input.username));
  const [existing] = await rows<{ id: string; username: string; staffRole: string | null }>(
    db,
    sql`select id, username, staff_role as "staffRole" from users where email = ${email}`,
  );
  // Asked before the transaction: nobody types a password while a transaction waits.
  const passwordHash = existing
    ? null
    : await hashPassword(parsed(newPasswordSchema.safeParse(await input.password())));

  return db.transaction(async (tx) => {
    let userId: string;
    let username: string;
    if (existing) {
      userId = existing.id;
      username = existing.username;
      await tx.execute(sql`update users set staff_role = 'admin',
          email_confirmed_at = coalesce(email_confirmed_at, now()) where id = ${userId}`);
    } else {
      username = chosenUsername ?? (await uniqueUsername(tx, email));
      const [taken] = await rows<{ id: string }>(
        tx,
        sql`select id from users where username = ${username}`,
      );
      if (taken) throw new AdminCreateError(`The username ${username} is taken.`);
      const [created] = await rows<{ id: string }>(
        tx,
        sql`insert into users (email, username, full_name, password_hash, email_confirmed_at, staff_role)
            values (${email}, ${username}, ${input.fullName?.trim() || username}, ${passwordHash},
              now(), 'admin')
            returning id`,
      );
      if (!created) throw new Error("user insert returned nothing");
      userId = created.id;
    }
    await recordAdminAction(tx, {
      actorId: userId,
      action: "user.set_role",
      subjectKind: "user",
      subjectId: userId,
      reason: existing
        ? "Made an admin from the command line (npm run admin:create)."
        : "Created as an admin from the command line (npm run admin:create).",
      before: existing ? { staffRole: existing.staffRole } : null,
      after: { staffRole: "admin" },
    });
    return { userId, username, created: !existing };
  });
}

/** Reads a line from the terminal without echoing it. */
async function askHidden(question: string): Promise<string> {
  const { stdin, stdout } = process;
  if (!stdin.isTTY)
    throw new AdminCreateError("No terminal to ask for a password: set ADMIN_PASSWORD.");
  // Raw (no echo) before the question shows, so nothing typed after it is ever echoed.
  stdin.setRawMode(true);
  stdout.write(question);
  stdin.resume();
  stdin.setEncoding("utf8");
  return new Promise((resolve, reject) => {
    let typed = "";
    const done = (error?: Error) => {
      stdin.setRawMode(false);
      stdin.pause();
      stdin.off("data", onData);
      stdout.write("\n");
      if (error) reject(error);
      else resolve(typed);
    };
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === "\r" || ch === "\n") return done();
        if (ch === "\u0003") return done(new AdminCreateError("Cancelled."));
        if (ch === "\u007f" || ch === "\b") typed = typed.slice(0, -1);
        else typed += ch;
      }
    };
    stdin.on("data", onData);
  });
}

/** The first line of a piped or redirected standard input, without its line ending. */
async function firstLine(input: NodeJS.ReadableStream): Promise<string> {
  let text = "";
  input.setEncoding("utf8");
  for await (const chunk of input) {
    text += chunk;
    if (text.includes("\n")) break;
  }
  const line = text.split(/\r?\n/)[0] ?? "";
  if (line === "")
    throw new AdminCreateError(
      "No password on standard input: give it one line, or set ADMIN_PASSWORD.",
    );
  return line;
}

async function passwordFromTerminal(): Promise<string> {
  const first = await askHidden("Password for the new admin: ");
  parsed(newPasswordSchema.safeParse(first));
  const second = await askHidden("The same password again: ");
  if (first !== second) throw new AdminCreateError("The two passwords differ.");
  return first;
}

/** The command: arguments and environment in, one line out; the exit code says how it went. */
export async function main(
  argv: string[],
  env: NodeJS.ProcessEnv,
  input: NodeJS.ReadableStream & { isTTY?: boolean } = process.stdin,
): Promise<number> {
  let args: { email?: string; username?: string; name?: string };
  try {
    args = parseArgs({
      args: argv,
      options: {
        email: { type: "string" },
        username: { type: "string" },
        name: { type: "string" },
      },
    }).values;
  } catch (error) {
    console.error((error as Error).message);
    return 2;
  }
  if (!args.email) {
    console.error(
      'Usage: npm run admin:create -- --email someone@example.com [--username name] [--name "Full Name"]',
    );
    return 2;
  }
  const config = loadConfig(env);
  const database = await openDatabase(
    config.databaseUrl
      ? { url: config.databaseUrl }
      : { pgliteDir: path.join(config.dataDir, "pglite") },
  );
  try {
    await database.migrate();
    const result = await createAdmin(database.db, {
      email: args.email,
      username: args.username,
      fullName: args.name,
      password: async () =>
        env.ADMIN_PASSWORD ?? (input.isTTY ? await passwordFromTerminal() : await firstLine(input)),
    });
    console.log(
      result.created
        ? `Created the admin ${result.username} (${args.email.trim().toLowerCase()}).`
        : `${result.username} is now an admin.`,
    );
    return 0;
  } catch (error) {
    if (error instanceof AdminCreateError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  } finally {
    await database.close();
  }
}

// Run as a script (tsx), not when a test imports it.
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  main(process.argv.slice(2), process.env).then(
    (code) => process.exit(code),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
