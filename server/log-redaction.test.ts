import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { loggerOptions, scrubText, serializeError } from "./log-redaction";
import { Agent } from "./test/agent";
import { setUpTestApp } from "./test/build-test-app";

describe("serializeError", () => {
  it("keeps what helps (message head, code, constraint, frames) and drops the values", () => {
    const cause = Object.assign(new Error("new row violates check constraint"), {
      code: "23514",
      constraint: "users_boom",
      detail: "Failing row contains (x, jo@example.com, scrypt$16384$8$1$c2FsdA==$aGFzaA==).",
      params: ["jo@example.com"],
    });
    const err = new Error(
      'Failed query: insert into "users" ("email", "password_hash") values ($1, $2)\nparams: jo@example.com,scrypt$16384$8$1$c2FsdA==$aGFzaA==',
      { cause },
    );
    const text = JSON.stringify(serializeError(err));
    expect(text).toContain("Failed query: insert into");
    expect(text).toContain("23514");
    expect(text).toContain("users_boom");
    expect(text).toContain("log-redaction.test.ts");
    expect(text).not.toContain("jo@example.com");
    expect(text).not.toContain("scrypt$");
  });

  it("blanks secret properties at any depth", () => {
    const err = Object.assign(new Error("boom"), {
      request: { headers: { cookie: "tw_session=abc", authorization: "Bearer xyz" } },
      body: { password: "Tradewinds1!", token: "one-use", name: "kept" },
    });
    const text = JSON.stringify(serializeError(err));
    for (const secret of ["tw_session=abc", "Bearer xyz", "Tradewinds1!", "one-use"])
      expect(text).not.toContain(secret);
    expect(text).toContain("kept");
  });
});

describe("scrubText", () => {
  it("blanks link tokens, OAuth codes and card numbers but not other numbers", () => {
    expect(scrubText("/reset-password?token=abc123&x=1")).toBe(
      "/reset-password?token=[redacted]&x=1",
    );
    expect(scrubText("/auth/callback/google?code=c0de&state=s7")).toBe(
      "/auth/callback/google?code=[redacted]&state=[redacted]",
    );
    expect(scrubText("card 4242 4242 4242 4242 declined")).toBe("card [redacted] declined");
    expect(scrubText("at 1732392000000 ms")).toBe("at 1732392000000 ms");
  });
});

describe("the app's log", () => {
  const lines: string[] = [];
  const t = setUpTestApp({
    seed: false,
    logger: loggerOptions("info", { write: (line) => void lines.push(line) }),
  });

  it("records a failed registration without the new user's email or password hash", async () => {
    // A real database refusal: PostgreSQL quotes the whole failing row in its detail.
    await t.database.db.execute(
      sql`alter table users add constraint users_boom check (full_name <> 'Boom Person')`,
    );
    try {
      const res = await new Agent(t.app).post("/api/auth/register", {
        firstName: "Boom",
        lastName: "Person",
        email: "boom.person@example.com",
        password: "Tradewinds1!",
      });
      expect(res.statusCode).toBe(500);
    } finally {
      await t.database.db.execute(sql`alter table users drop constraint users_boom`);
    }
    const log = lines.join("");
    expect(log).toContain("unhandled error");
    expect(log).toContain("users_boom");
    expect(log).not.toContain("boom.person@example.com");
    expect(log).not.toContain("scrypt$");
    expect(log).not.toContain("Tradewinds1!");
  });

  it("records page requests without the one-use token in their link", async () => {
    await t.app.inject("/reset-password?token=secret-reset-token-123");
    expect(lines.join("")).toContain("/reset-password?token=[redacted]");
    expect(lines.join("")).not.toContain("secret-reset-token-123");
  });
});
