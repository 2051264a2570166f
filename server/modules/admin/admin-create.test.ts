import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openDatabase } from "../../db/client";
import { rows } from "../../db/rows";
import { openTestDatabase, type TestDatabase } from "../../test/build-test-app";
import { createUser } from "../../test/factories";
import { databaseUrlOf } from "../../test/server-process";
import { authenticate } from "../accounts/accounts.service";
import { createAdmin, main } from "./admin-create";

let test: TestDatabase;

beforeAll(async () => {
  test = await openTestDatabase();
});
afterAll(async () => {
  await test?.dispose();
});

const userByEmail = async (email: string) =>
  (
    await rows<{ id: string; username: string; full_name: string; staff_role: string | null }>(
      test.database.db,
      sql`select id, username, full_name, staff_role from users where email = ${email}`,
    )
  )[0];

describe("createAdmin (npm run admin:create)", () => {
  it("creates a confirmed admin who can sign in, audited as their own action", async () => {
    const password = vi.fn(async () => "Harbour-Lights9");
    const result = await createAdmin(test.database.db, {
      email: " Boss@Example.com ",
      fullName: "Bo Boss",
      password,
    });
    expect(result).toMatchObject({ created: true, username: "boss" });
    expect(password).toHaveBeenCalledOnce();
    const user = await userByEmail("boss@example.com");
    expect(user).toMatchObject({ staff_role: "admin", full_name: "Bo Boss" });
    expect(await authenticate(test.database.db, "boss@example.com", "Harbour-Lights9")).toBe(
      user?.id,
    );
    const [entry] = await rows<{ action: string; actor_id: string; after: unknown }>(
      test.database.db,
      sql`select action, actor_id, after from admin_actions where subject_id = ${user?.id}`,
    );
    expect(entry).toEqual({
      action: "user.set_role",
      actor_id: user?.id,
      after: { staffRole: "admin" },
    });
  });

  it("promotes an existing account without asking for or changing its password", async () => {
    const existing = await createUser(test.database.db, "member");
    const password = vi.fn(async () => "Unused-Pass1");
    const result = await createAdmin(test.database.db, { email: existing.email, password });
    expect(result).toEqual({ userId: existing.id, username: existing.username, created: false });
    expect(password).not.toHaveBeenCalled();
    expect((await userByEmail(existing.email))?.staff_role).toBe("admin");
  });

  it("refuses a weak password, a bad email and a taken username, creating nothing", async () => {
    await expect(
      createAdmin(test.database.db, { email: "weak@example.com", password: async () => "short" }),
    ).rejects.toThrow("Password must be at least 8 characters");
    await expect(
      createAdmin(test.database.db, { email: "not-an-email", password: async () => "Good-Pass1" }),
    ).rejects.toThrow("Please enter a valid email address");
    const taken = await createUser(test.database.db, "taken");
    await expect(
      createAdmin(test.database.db, {
        email: "new-admin@example.com",
        username: taken.username,
        password: async () => "Good-Pass1",
      }),
    ).rejects.toThrow(`The username ${taken.username} is taken.`);
    expect(await userByEmail("weak@example.com")).toBeUndefined();
    expect(await userByEmail("new-admin@example.com")).toBeUndefined();
  });
});

describe("the command (main)", () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tw-admin-create-"));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it("creates the admin in the embedded database of DATA_DIR from ADMIN_PASSWORD, asking nothing", async () => {
    const log = vi.spyOn(console, "log").mockImplementation(() => undefined);
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      const env = { DATA_DIR: dataDir, ADMIN_PASSWORD: "Trade-winds7", NODE_ENV: "test" };
      expect(
        await main(["--email", "ops@example.com", "--username", "ops", "--name", "Ops Lead"], env),
      ).toBe(0);
      expect(log).toHaveBeenCalledWith("Created the admin ops (ops@example.com).");
      // Usage and refusals answer non-zero with a message.
      expect(await main([], env)).toBe(2);
      expect(await main(["--email", "x@example.com"], { ...env, ADMIN_PASSWORD: "weak" })).toBe(1);
      expect(error).toHaveBeenCalledWith("Password must be at least 8 characters");
    } finally {
      log.mockRestore();
      error.mockRestore();
    }
    // The server's database (DATA_DIR/pglite) now has the admin, able to sign in.
    const database = await openDatabase({ pgliteDir: path.join(dataDir, "pglite") });
    try {
      const [user] = await rows<{ id: string; staff_role: string }>(
        database.db,
        sql`select id, staff_role from users where email = 'ops@example.com'`,
      );
      expect(user?.staff_role).toBe("admin");
      expect(await authenticate(database.db, "ops@example.com", "Trade-winds7")).toBe(user?.id);
    } finally {
      await database.close();
    }
  }, 90_000);
});

describe("the command on the server's database (DATABASE_URL, or DATA_DIR's embedded one)", () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tw-admin-create-stdin-"));
  let target: TestDatabase | undefined;
  afterAll(async () => {
    await target?.dispose();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("takes the password from a piped standard input, never printing it, and promotes later", async () => {
    const postgres = Boolean(process.env.TEST_DATABASE_URL);
    if (postgres) target = await openTestDatabase("postgres");
    const env: NodeJS.ProcessEnv = target
      ? { DATABASE_URL: await databaseUrlOf(target.database.db), NODE_ENV: "production" }
      : { DATA_DIR: dataDir, NODE_ENV: "production" };
    env.SESSION_SECRET = "not-used-by-the-command-but-production-needs-one";
    const printed: string[] = [];
    const log = vi.spyOn(console, "log").mockImplementation((m) => void printed.push(String(m)));
    const error = vi
      .spyOn(console, "error")
      .mockImplementation((m) => void printed.push(String(m)));
    try {
      const piped = Readable.from(["Sea-Grape-42\n", "ignored second line\n"]);
      expect(await main(["--email", "first@example.com"], env, piped)).toBe(0);
      expect(printed).toEqual(["Created the admin first (first@example.com)."]);
      // An empty standard input is refused with what to do, and creates nothing.
      expect(await main(["--email", "none@example.com"], env, Readable.from([]))).toBe(1);
      expect(printed[1]).toMatch(/No password on standard input/);
      // Run again for the same email: promoted (already admin), nothing asked.
      expect(await main(["--email", "first@example.com"], env, Readable.from([]))).toBe(0);
      expect(printed[2]).toBe("first is now an admin.");
      expect(printed.join("\n")).not.toContain("Sea-Grape-42");
    } finally {
      log.mockRestore();
      error.mockRestore();
    }
    const database = target
      ? target.database
      : await openDatabase({ pgliteDir: path.join(dataDir, "pglite") });
    try {
      const found = await rows<{ id: string; email: string; staff_role: string }>(
        database.db,
        sql`select id, email, staff_role from users order by email`,
      );
      expect(found.map((u) => [u.email, u.staff_role])).toEqual([["first@example.com", "admin"]]);
      expect(await authenticate(database.db, "first@example.com", "Sea-Grape-42")).toBe(
        found[0]?.id,
      );
    } finally {
      if (!target) await database.close();
    }
  }, 90_000);
});
