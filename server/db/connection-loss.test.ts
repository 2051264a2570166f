import { sql } from "drizzle-orm";
import pg from "pg";
import { beforeAll, describe, expect, it } from "vitest";
import { startedConversationSchema } from "../../core/contracts/messages";
import { ERROR_CODES } from "../../core/errors";
import { repeat } from "../jobs/repeat";
import { settleDueAuctions } from "../modules/auctions/auction-settlement";
import { setUpTestApp } from "../test/build-test-app";
import { createListing, createUser, signedInAgent } from "../test/factories";
import { isConnectionLost } from "./client";
import { rows } from "./rows";
import { auctionSettings, bids } from "./schema/auctions";

describe("isConnectionLost", () => {
  it("knows a lost connection in each form the driver and the server give it, through causes", () => {
    const terminated = Object.assign(new Error("terminating connection"), { code: "57P01" });
    const lost = [
      terminated,
      new Error("Connection terminated unexpectedly"),
      new Error("Client has encountered a connection error and is not queryable"),
      Object.assign(new Error("read ECONNRESET"), { code: "ECONNRESET" }),
      Object.assign(new Error("connection failure"), { code: "08006" }),
      Object.assign(new Error("sorry, too many clients already"), { code: "53300" }),
      Object.assign(new Error("Failed query: rollback"), { cause: terminated }),
    ];
    for (const err of lost) expect(isConnectionLost(err), err.message).toBe(true);
    const others = [
      new Error("boom"),
      Object.assign(new Error("duplicate key"), { code: "23505" }),
      Object.assign(new Error("canceling statement"), { code: "57014" }),
      Object.assign(new Error("out of memory"), { code: "53200" }),
      undefined,
      "Connection terminated",
    ];
    for (const err of others) expect(isConnectionLost(err), String(err)).toBe(false);
  });
});

// A backend terminated under a transaction is only real on the PostgreSQL server: PGlite runs in
// this process and has no connection to lose.
describe("a connection the server terminates mid-transaction (PostgreSQL)", {
  tags: ["postgres"],
}, () => {
  const t = setUpTestApp();
  let url = "";
  beforeAll(async () => {
    const [current] = await rows<{ db: string }>(
      t.database.db,
      sql`select current_database() as db`,
    );
    const target = new URL(process.env.TEST_DATABASE_URL as string);
    target.pathname = `/${current?.db}`;
    url = target.toString();
  });

  /** A connection of the test's own that holds row locks the app's transaction will wait for. */
  async function lockHolder(lockSql: string, params: unknown[]) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query("begin");
    await client.query(lockSql, params);
    return {
      async release() {
        await client.query("rollback");
        await client.end();
      },
    };
  }

  /** Waits for the app's backend waiting on a lock (mid-transaction), then terminates it. */
  async function terminateTheWaiter(): Promise<void> {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      for (;;) {
        const waiting = await admin.query<{ pid: number }>(
          `select pid from pg_stat_activity
             where datname = current_database() and wait_event_type = 'Lock'
               and pid <> pg_backend_pid()`,
        );
        const pid = waiting.rows[0]?.pid;
        if (pid !== undefined) {
          await admin.query("select pg_terminate_backend($1)", [pid]);
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    } finally {
      await admin.end();
    }
  }

  it("a connection lost while idle in a transaction fails its next statement, not the process", async () => {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      const outcome = await t.app.database.db
        .transaction(async (tx) => {
          const [me] = await rows<{ pid: number }>(tx, sql`select pg_backend_pid() as pid`);
          await admin.query("select pg_terminate_backend($1)", [me?.pid]);
          // Idle in transaction until the server has ended the backend.
          for (;;) {
            const alive = await admin.query("select 1 from pg_stat_activity where pid = $1", [
              me?.pid,
            ]);
            if (alive.rowCount === 0) break;
            await new Promise((resolve) => setTimeout(resolve, 20));
          }
          await tx.execute(sql`select 1`);
        })
        .then(
          () => "committed",
          (err: unknown) => err,
        );
      expect(isConnectionLost(outcome)).toBe(true);
    } finally {
      await admin.end();
    }
    expect((await t.app.inject({ url: "/readyz" })).statusCode).toBe(200);
  });

  it("a request answers a clean 503, writes nothing, and the app keeps answering", async () => {
    const [alice, bob] = [await createUser(t.database.db), await createUser(t.database.db)];
    const agent = await signedInAgent(t.app, t.database.db, alice.id);
    const started = await agent.post("/api/me/conversations", {
      recipientId: bob.id,
      text: "First",
    });
    expect(started.statusCode, started.body).toBe(201);
    const conversationId = startedConversationSchema.parse(started.json()).conversation.id;

    // The send locks the conversation, inserts its message, then waits here.
    const holder = await lockHolder(
      "select 1 from conversation_participants where conversation_id = $1 for update",
      [conversationId],
    );
    const sending = agent.post(`/api/me/conversations/${conversationId}/messages`, {
      text: "Lost with its connection",
    });
    await terminateTheWaiter();
    const res = await sending;
    await holder.release();

    expect(res.statusCode, res.body).toBe(503);
    expect(res.json().error.code).toBe(ERROR_CODES.serviceUnavailable);
    expect(res.body).not.toMatch(/terminat|postgres|query|conversation_participants/i);
    const texts = await rows<{ text: string }>(
      t.database.db,
      sql`select text from messages where conversation_id = ${conversationId} order by created_at`,
    );
    expect(texts.map((m) => m.text)).toEqual(["First"]);

    // The process is up and the pool hands out working connections again.
    const again = await agent.post(`/api/me/conversations/${conversationId}/messages`, {
      text: "Sent",
    });
    expect(again.statusCode, again.body).toBe(201);
    expect((await t.app.inject({ url: "/readyz" })).statusCode).toBe(200);
  });

  it("a job's run fails, the process stays up, and a later run does the work once", async () => {
    const winner = await createUser(t.database.db, "winner");
    const listing = await createListing(t.database.db, {
      title: "Settled after a lost connection",
      auction: { endTime: new Date(Date.now() + 3_600_000) },
    });
    await t.database.db
      .insert(bids)
      .values({ listingId: listing.id, bidderId: winner.id, amountCents: 1000 });
    await t.database.db
      .update(auctionSettings)
      .set({
        currentBidCents: 1000,
        bidCount: 1,
        leaderId: winner.id,
        leaderMaxCents: 1000,
        endTime: new Date(Date.now() - 1000),
      })
      .where(sql`listing_id = ${listing.id}`);

    // Settlement inserts the order, then waits here to add its line (the line's key to the listing).
    const holder = await lockHolder("select 1 from listings where id = $1 for update", [
      listing.id,
    ]);
    const failures: unknown[] = [];
    const stop = repeat(() => settleDueAuctions(t.app.database.db), {
      everyMs: 20,
      runNow: true,
      onError: (err) => failures.push(err),
    });
    try {
      await terminateTheWaiter();
      while (failures.length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(isConnectionLost(failures[0])).toBe(true);
      expect((await t.app.inject({ url: "/readyz" })).statusCode).toBe(200);
      await holder.release();
      for (;;) {
        const [row] = await rows<{ settled: boolean }>(
          t.database.db,
          sql`select settled_at is not null as settled from auction_settings
                where listing_id = ${listing.id}`,
        );
        if (row?.settled) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    } finally {
      await stop();
    }
    const orders = await rows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from order_lines where listing_id = ${listing.id}`,
    );
    expect(orders[0]?.n).toBe(1);
  });
});
