import { desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { emailTokens, outboxEmails, sessions } from "../../db/schema/accounts";
import { users } from "../../db/schema/users";
import { DEMO_PASSWORD } from "../../seed/seed";
import { Agent } from "../../test/agent";
import { setUpTestApp } from "../../test/build-test-app";
import { SIGN_IN_LIMITS } from "./sign-in-guard";

const t = setUpTestApp();

const GOOD_PASSWORD = "Sunny-Beach9";
let counter = 0;
const uniqueEmail = (name = "newbie") => `${name}${++counter}@example.com`;

async function lastLink(to: string, path: string): Promise<string> {
  const [mail] = await t.database.db
    .select()
    .from(outboxEmails)
    .where(eq(outboxEmails.to, to))
    .orderBy(desc(outboxEmails.createdAt))
    .limit(1);
  const match = mail?.text.match(new RegExp(`${path}\\?token=([A-Za-z0-9_-]+)`));
  if (!match?.[1]) throw new Error(`no ${path} link mailed to ${to}`);
  return match[1];
}

async function registerConfirmed(agent = new Agent(t.app), email = uniqueEmail()) {
  const res = await agent.post("/api/auth/register", {
    firstName: "Ana",
    lastName: "Pérez",
    email,
    password: GOOD_PASSWORD,
    accountType: "personal",
    marketingEmails: true,
  });
  expect(res.statusCode, res.body).toBe(201);
  const token = await lastLink(email, "/confirm-email");
  expect((await agent.post("/api/auth/confirm", { token })).statusCode).toBe(200);
  return email;
}

async function signIn(email: string, password = GOOD_PASSWORD, rememberMe = false) {
  const agent = new Agent(t.app);
  const res = await agent.post("/api/auth/login", { email, password, rememberMe });
  return { agent, res };
}

describe("registration", () => {
  it("creates an unconfirmed account and mails a confirmation link", async () => {
    const agent = new Agent(t.app);
    const email = "Kemar.Brown+shop@Example.com";
    const res = await agent.post("/api/auth/register", {
      firstName: "Kemar",
      lastName: "Brown",
      email,
      password: GOOD_PASSWORD,
      accountType: "business",
      marketingEmails: false,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      message: "Registration successful! Please check your email to confirm your account.",
    });
    const [user] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.email, email.toLowerCase()));
    expect(user).toMatchObject({
      username: "kemar.brownshop",
      fullName: "Kemar Brown",
      role: "seller",
      marketingEmails: false,
    });
    expect(user?.emailConfirmedAt).toBeNull();
    expect(user?.passwordHash).toMatch(/^scrypt\$/);
    expect(await lastLink(email.toLowerCase(), "/confirm-email")).toBeTruthy();
  });

  it("makes the username unique when the local part is taken", async () => {
    await registerConfirmed(new Agent(t.app), "marcus@elsewhere.example");
    const [user] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.email, "marcus@elsewhere.example"));
    expect(user?.username).toBe("marcus2");
  });

  it.each([
    [{ firstName: "" }, "firstName", "First name is required"],
    [{ lastName: " " }, "lastName", "Last name is required"],
    [{ email: "not-an-email" }, "email", "Please enter a valid email address"],
    [{ password: "Short1!" }, "password", "Password must be at least 8 characters"],
    [
      { password: "lowercase1!" },
      "password",
      "Password must contain at least one uppercase letter",
    ],
    [
      { password: "UPPERCASE1!" },
      "password",
      "Password must contain at least one lowercase letter",
    ],
    [{ password: "NoNumbers!" }, "password", "Password must contain at least one number"],
    [
      { password: "NoSpecial1" },
      "password",
      "Password must contain at least one special character",
    ],
  ])("refuses %o with the spec's message", async (override, field, message) => {
    const res = await new Agent(t.app).post("/api/auth/register", {
      firstName: "A",
      lastName: "B",
      email: uniqueEmail(),
      password: GOOD_PASSWORD,
      ...override,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields[field]).toBe(message);
  });

  it("refuses a registered email without creating a second account", async () => {
    const email = await registerConfirmed();
    const before = await t.database.db.select().from(users);
    const res = await new Agent(t.app).post("/api/auth/register", {
      firstName: "Other",
      lastName: "Person",
      email,
      password: GOOD_PASSWORD,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe("Email or username already exists.");
    expect((await t.database.db.select().from(users)).length).toBe(before.length);
  });
});

describe("email confirmation", () => {
  it("blocks sign-in until the link is followed", async () => {
    const email = uniqueEmail();
    await new Agent(t.app).post("/api/auth/register", {
      firstName: "A",
      lastName: "B",
      email,
      password: GOOD_PASSWORD,
    });
    const { res } = await signIn(email);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatchObject({
      code: "email_not_confirmed",
      message: "Please verify your email address before signing in.",
    });
    const token = await lastLink(email, "/confirm-email");
    expect((await new Agent(t.app).post("/api/auth/confirm", { token })).statusCode).toBe(200);
    expect((await signIn(email)).res.statusCode).toBe(200);
  });

  it("refuses a used, an expired and an unknown link", async () => {
    const email = uniqueEmail();
    await new Agent(t.app).post("/api/auth/register", {
      firstName: "A",
      lastName: "B",
      email,
      password: GOOD_PASSWORD,
    });
    const token = await lastLink(email, "/confirm-email");
    const agent = new Agent(t.app);
    expect((await agent.post("/api/auth/confirm", { token })).statusCode).toBe(200);
    const reused = await agent.post("/api/auth/confirm", { token });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error.code).toBe("token_used");
    expect(
      (await agent.post("/api/auth/confirm", { token: "x".repeat(43) })).json().error.code,
    ).toBe("invalid_token");

    const other = uniqueEmail();
    await agent.post("/api/auth/register", {
      firstName: "A",
      lastName: "B",
      email: other,
      password: GOOD_PASSWORD,
    });
    const stale = await lastLink(other, "/confirm-email");
    await t.database.db.update(emailTokens).set({ expiresAt: new Date(Date.now() - 1000) });
    const expired = await agent.post("/api/auth/confirm", { token: stale });
    expect(expired.json().error.code).toBe("token_expired");
  });

  it("sends a new link on request, and the old one stops working", async () => {
    const email = uniqueEmail();
    const agent = new Agent(t.app);
    await agent.post("/api/auth/register", {
      firstName: "A",
      lastName: "B",
      email,
      password: GOOD_PASSWORD,
    });
    const first = await lastLink(email, "/confirm-email");
    expect((await agent.post("/api/auth/resend-confirmation", { email })).statusCode).toBe(200);
    const second = await lastLink(email, "/confirm-email");
    expect(second).not.toBe(first);
    expect((await agent.post("/api/auth/confirm", { token: first })).statusCode).toBe(400);
    expect((await agent.post("/api/auth/confirm", { token: second })).statusCode).toBe(200);
  });
});

describe("sign-in and sessions", () => {
  it("signs a demo user in and reports the session without any password", async () => {
    const { agent, res } = await signIn("marcus@demo.tradewinds.test", DEMO_PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({
      email: "marcus@demo.tradewinds.test",
      username: "marcus",
    });
    const session = await agent.get("/api/auth/session");
    expect(session.json().user.username).toBe("marcus");
    expect(session.body).not.toMatch(/password|scrypt/i);
    const cookie = res.cookies.find((c) => c.name === "tw_session");
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
    expect(cookie?.expires).toBeUndefined();
  });

  it("keeps a remember-me session for 30 days", async () => {
    const { res } = await signIn("aaliyah@demo.tradewinds.test", DEMO_PASSWORD, true);
    const cookie = res.cookies.find((c) => c.name === "tw_session");
    const days = (new Date(cookie?.expires ?? 0).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
  });

  it("gives the same answer for a wrong password and an unknown email", async () => {
    const wrong = (await signIn("marcus@demo.tradewinds.test", "Wrong-pass1")).res;
    const unknown = (await signIn("nobody@nowhere.example", "Wrong-pass1")).res;
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().error).toEqual({
      code: "invalid_credentials",
      message: "Invalid email or password. Please check your credentials and try again.",
      fields: { email: "Invalid email or password", password: "Invalid email or password" },
    });
  });

  it("issues a new session id at every sign-in and drops the old one (no fixation)", async () => {
    const { agent } = await signIn("desmond@demo.tradewinds.test", DEMO_PASSWORD);
    const first = agent.cookies.get("tw_session");
    await agent.post("/api/auth/login", {
      email: "desmond@demo.tradewinds.test",
      password: DEMO_PASSWORD,
    });
    const second = agent.cookies.get("tw_session");
    expect(second).toBeTruthy();
    expect(second).not.toBe(first);
    const stale = new Agent(t.app);
    stale.cookies.set("tw_session", first as string);
    expect((await stale.get("/api/auth/session")).json().user).toBeNull();
  });

  it("ends the session on the server at sign-out: the old cookie no longer works", async () => {
    const { agent } = await signIn("rafael@demo.tradewinds.test", DEMO_PASSWORD);
    const token = agent.cookies.get("tw_session") as string;
    const out = await agent.post("/api/auth/logout");
    expect(out.statusCode).toBe(200);
    expect(agent.cookies.has("tw_session")).toBe(false);
    const replay = new Agent(t.app);
    replay.cookies.set("tw_session", token);
    expect((await replay.get("/api/auth/session")).json().user).toBeNull();
    expect((await replay.patch("/api/me", { fullName: "Hacker" })).statusCode).toBe(401);
  });

  it("refuses a state-changing request with a missing or forged CSRF token", async () => {
    const { agent } = await signIn("marisol@demo.tradewinds.test", DEMO_PASSWORD);
    const missing = await agent.post("/api/auth/logout", {}, { csrf: false });
    expect(missing.statusCode).toBe(403);
    expect(missing.json().error.code).toBe("csrf_failed");
    const forged = await agent.post(
      "/api/auth/logout",
      {},
      { csrf: false, headers: { "x-csrf-token": "forged-value-forged-value-forge" } },
    );
    expect(forged.statusCode).toBe(403);
    expect((await agent.get("/api/auth/session")).json().user).not.toBeNull();
  });

  it("stops one address guessing an account without locking the owner out elsewhere", async () => {
    const email = await registerConfirmed();
    const guesser = "198.51.100.20";
    const statuses: number[] = [];
    for (let i = 0; i < SIGN_IN_LIMITS.perAccountAndAddress.max + 1; i++) {
      const res = await new Agent(t.app, guesser).post("/api/auth/login", {
        email: i % 2 ? email.toUpperCase() : email,
        password: "Wrong-pass1",
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, -1).every((s) => s === 401)).toBe(true);
    const refused = await new Agent(t.app, guesser).post("/api/auth/login", {
      email,
      password: GOOD_PASSWORD,
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe("rate_limited");
    expect(refused.json().error.message).toMatch(
      /^Too many attempts for this account\. Please wait \d+ seconds/,
    );
    // The owner, at home on another address, signs in as usual.
    const owner = await new Agent(t.app, "203.0.113.5").post("/api/auth/login", {
      email,
      password: GOOD_PASSWORD,
    });
    expect(owner.statusCode).toBe(200);
  });

  it("emails the owner once when the account sees a burst of failures", async () => {
    const email = await registerConfirmed();
    for (let i = 0; i < SIGN_IN_LIMITS.alertAt + 3; i++) {
      const res = await new Agent(t.app, `192.0.2.${i + 1}`).post("/api/auth/login", {
        email,
        password: `Wrong-pass${i}`,
      });
      expect(res.statusCode, `guess ${i}`).toBe(401);
    }
    const subject = "Failed sign-in attempts on your Tradewinds account";
    let burst: (typeof outboxEmails.$inferSelect)[] = [];
    // The alert leaves after the answer (a slow mail server must not slow sign-in).
    for (let i = 0; i < 50 && burst.length === 0; i++) {
      burst = (
        await t.database.db.select().from(outboxEmails).where(eq(outboxEmails.to, email))
      ).filter((m) => m.subject === subject);
      if (burst.length === 0) await new Promise((r) => setTimeout(r, 20));
    }
    expect(burst).toHaveLength(1);
    expect(burst[0]?.text).toContain(`${SIGN_IN_LIMITS.alertAt} times`);
  });

  it("caps guesses spread over many addresses but spares the browser the owner signed in from", async () => {
    const email = await registerConfirmed();
    const usual = new Agent(t.app, "203.0.113.77");
    expect(
      (await usual.post("/api/auth/login", { email, password: GOOD_PASSWORD })).statusCode,
    ).toBe(200);
    await usual.post("/api/auth/logout");
    // The guesses before the last, counted as the failures of many addresses would be.
    const { max, windowMs } = SIGN_IN_LIMITS.perAccount;
    for (let i = 0; i < max - 1; i++)
      await t.app.limitCounters.hit(`sign-in-failures|${email}`, windowMs);
    const last = await new Agent(t.app, "192.0.2.200").post("/api/auth/login", {
      email,
      password: "Wrong-pass1",
    });
    expect(last.statusCode).toBe(401);
    const stranger = await new Agent(t.app, "198.18.0.1").post("/api/auth/login", {
      email,
      password: GOOD_PASSWORD,
    });
    expect(stranger.statusCode).toBe(429);
    expect(stranger.json().error.message).toMatch(/reset your password/);
    // The owner's browser carries a signed cookie naming the account.
    const again = await usual.post("/api/auth/login", { email, password: GOOD_PASSWORD });
    expect(again.statusCode, again.body).toBe(200);
    // A forged device cookie does not get past the ceiling.
    const forger = new Agent(t.app, "198.18.0.2");
    const signed = usual.cookies.get("tw_device") ?? "";
    expect(signed).not.toBe("");
    forger.cookies.set("tw_device", signed.replace(/\.[^.]*$/, ".forged"));
    expect(
      (await forger.post("/api/auth/login", { email, password: GOOD_PASSWORD })).statusCode,
    ).toBe(429);
  });

  it("lifts the account's ceiling once the owner resets the password", async () => {
    const email = await registerConfirmed();
    const { max } = SIGN_IN_LIMITS.perAccount;
    for (let i = 0; i < max; i++)
      await t.app.limitCounters.hit(
        `sign-in-failures|${email}`,
        SIGN_IN_LIMITS.perAccount.windowMs,
      );
    const blocked = await new Agent(t.app).post("/api/auth/login", {
      email,
      password: GOOD_PASSWORD,
    });
    expect(blocked.statusCode).toBe(429);
    await new Agent(t.app).post("/api/auth/forgot-password", { email });
    const token = await lastLink(email, "/reset-password");
    const reset = await new Agent(t.app).post("/api/auth/reset-password", {
      token,
      password: "Brand-new-pass7",
    });
    expect(reset.statusCode).toBe(200);
    const after = await new Agent(t.app).post("/api/auth/login", {
      email,
      password: "Brand-new-pass7",
    });
    expect(after.statusCode).toBe(200);
  });

  it("rate limits sign-in per IP", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/auth/login",
        remoteAddress: "10.9.9.9",
        headers: {
          cookie: "tw_csrf=abcdefabcdefabcdefabcdefabcdefab",
          "x-csrf-token": "abcdefabcdefabcdefabcdefabcdefab",
        },
        payload: { email: `ip-${i}@nowhere.example`, password: "Wrong-pass1" },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe("password reset", () => {
  it("answers the same whether or not the email exists", async () => {
    const agent = new Agent(t.app);
    const known = await agent.post("/api/auth/forgot-password", {
      email: "natalia@demo.tradewinds.test",
    });
    const unknown = await agent.post("/api/auth/forgot-password", {
      email: "ghost@nowhere.example",
    });
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
  });

  it("sets the new password, ends every session, and refuses the link a second time", async () => {
    const email = await registerConfirmed();
    const { agent: other } = await signIn(email);
    await new Agent(t.app).post("/api/auth/forgot-password", { email });
    const token = await lastLink(email, "/reset-password");
    const reset = new Agent(t.app);
    const weak = await reset.post("/api/auth/reset-password", { token, password: "weak" });
    expect(weak.statusCode).toBe(400);
    const ok = await reset.post("/api/auth/reset-password", { token, password: "New-Password2" });
    expect(ok.statusCode).toBe(200);
    expect((await other.get("/api/auth/session")).json().user).toBeNull();
    expect((await signIn(email)).res.statusCode).toBe(401);
    expect((await signIn(email, "New-Password2")).res.statusCode).toBe(200);
    const again = await reset.post("/api/auth/reset-password", {
      token,
      password: "Another-Pass3",
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe("token_used");
  });
});

describe("account settings", () => {
  it("changes full name and username, refusing a taken username", async () => {
    const email = await registerConfirmed();
    const { agent } = await signIn(email);
    const res = await agent.patch("/api/me", {
      fullName: "Ana María Pérez",
      username: "Ana.Maria",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ fullName: "Ana María Pérez", username: "ana.maria" });
    const taken = await agent.patch("/api/me", { username: "marcus" });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toBe("That username is already taken.");
    expect((await agent.patch("/api/me", { username: "x" })).statusCode).toBe(400);
  });

  it("needs sign-in", async () => {
    expect((await new Agent(t.app).patch("/api/me", { fullName: "X" })).statusCode).toBe(401);
  });

  it("changes the password only with the current one, ending the other sessions", async () => {
    const email = await registerConfirmed();
    const { agent } = await signIn(email);
    const { agent: elsewhere } = await signIn(email);
    const wrong = await agent.post("/api/me/password", {
      currentPassword: "nope",
      newPassword: "Brand-New3",
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields.currentPassword).toBe("Your current password is not correct.");
    const ok = await agent.post("/api/me/password", {
      currentPassword: GOOD_PASSWORD,
      newPassword: "Brand-New3",
    });
    expect(ok.statusCode).toBe(200);
    expect((await agent.get("/api/auth/session")).json().user).not.toBeNull();
    expect((await elsewhere.get("/api/auth/session")).json().user).toBeNull();
    expect((await signIn(email, "Brand-New3")).res.statusCode).toBe(200);
  });

  it("changes the email only after the new address is confirmed", async () => {
    const email = await registerConfirmed();
    const { agent } = await signIn(email);
    const next = uniqueEmail("moved");
    const res = await agent.post("/api/me/email", { email: next, currentPassword: GOOD_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect((await agent.get("/api/auth/session")).json().user.email).toBe(email);
    const token = await lastLink(next, "/confirm-email");
    expect((await agent.post("/api/auth/confirm", { token })).statusCode).toBe(200);
    expect((await agent.get("/api/auth/session")).json().user.email).toBe(next);
    const taken = await agent.post("/api/me/email", {
      email: "marcus@demo.tradewinds.test",
      currentPassword: GOOD_PASSWORD,
    });
    expect(taken.statusCode).toBe(409);
  });

  it("never returns a password hash from any endpoint it touches", async () => {
    const email = await registerConfirmed();
    const { agent, res } = await signIn(email);
    const bodies = [
      res.body,
      (await agent.get("/api/auth/session")).body,
      (await agent.patch("/api/me", { fullName: "Z" })).body,
    ];
    for (const body of bodies) expect(body).not.toMatch(/scrypt|passwordHash|password_hash/);
    expect(await t.database.db.select().from(sessions)).not.toHaveLength(0);
  });
});
