/**
 * npm run bench:messages — messages per second over HTTP, and how fast each reaches the recipient's
 * live connection, against the same writes sent straight through a pg pool in the same run.
 *
 * It starts two instances of the real app (A and B, one process each, one per core of this VM,
 * with their background workers, as `npm start` runs them) on a fresh database, and makes 200
 * conversations through POST /api/me/conversations, each between two users of its own, so that
 * no user comes near the per-user limits (30 messages a minute, 20 new conversations an hour).
 * Every one of those 400 users follows GET /api/live (signed in; the first of each pair on A, the
 * second on B). 50 clients each own 4 conversations and cycle over them in a closed loop, sending
 * over HTTP one message at a time (half the clients to A, half to B: see APP_POOL_SIZE), alternating
 * which side of a conversation writes. A message's delivery latency is the time its recipient's
 * connection received its `message.created` (by message id) minus the time the send's HTTP answer
 * arrived (the event can beat the answer: counted as 0 ms, and counted).
 *
 * The baseline sends the core statements of a send (rawSend below) through a pg pool, at the same
 * concurrency, on 200 other conversations whose users follow nothing. Each side gets an uncounted
 * warm-up, then BENCH_SECONDS in 3 alternating slices, so that other work on the machine weighs on
 * both alike. It prints accepted messages per second, send latency, delivery latency per instance
 * of the recipient's connection, missed deliveries (not received 2 s after the last send), errors
 * by kind (a 429 is one), the ratio of HTTP to raw messages per second, and the CPU per message of
 * the two apps (HTTP side) and of this process (raw side: its pg client).
 *
 * The rate limit: each user may send 30 messages in a fixed window of a minute that starts at
 * their first. The HTTP slices span well under a minute (25 s by default), so each user has 30 in
 * all, 12,000 for the 400: enough for 800 messages a second over 15 s (the first run took 11,200
 * with its warm-up, which now goes to the raw side's conversations). Should a client's next sender
 * have used its 30, the client waits until that sender's window has ended, or stops for the rest of
 * the slice when that is later (paced; the printout says how often) rather than draw a 429.
 *
 * BENCH_DATABASE_URL as bench:bids; BENCH_SECONDS and BENCH_CLIENTS override 15 and 50;
 * BENCH_CPU_PROF=dir writes a V8 CPU profile of each app process there.
 */

import { Agent } from "node:http";
import os from "node:os";
import type pg from "pg";
import { MESSAGE_LIMITS } from "../core/contracts/messages";
import { topics } from "../core/events";
import { notificationText } from "../core/notifications";
import { LIVE_EVENTS_CHANNEL } from "../server/plugins/realtime-bus";
import type { AppProcess, Bidder as User } from "./harness";
import * as harness from "./harness";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 50);
const CONVERSATIONS = 200;
const SLICES = 3;
const WARMUP_MS = 2000;
/** How long after the last send a delivery may still arrive before it counts as missed. */
const GRACE_MS = 2000;
/**
 * Each client sends to one instance (client c to A when c is even, to B when odd, as a sticky
 * balancer would), so at most ceil(CLIENTS / 2) sends are in flight on one instance, and each app's
 * pool holds one connection more, so no send waits for a connection. The first runs of this bench
 * found sendMessage deadlocking the pool (it counted its rate limit on a second pooled connection
 * inside its transaction); that is fixed (the slot is taken before the transaction, with a test),
 * and BENCH_APP_POOL_SIZE=20 now only queues sends. Sends time out (SEND_TIMEOUT_MS) so that a
 * hang would show as errors.
 */
const APP_POOL_SIZE = Number(process.env.BENCH_APP_POOL_SIZE ?? Math.ceil(CLIENTS / 2) + 1);
/**
 * The raw side's pool: as many connections as the clients, within what PostgreSQL's default 100
 * leaves beside the apps' pools, their LISTEN connections and the bench's own (40 for 50 clients).
 */
const RAW_POOL_SIZE = Math.max(1, Math.min(CLIENTS, 94 - 2 * (APP_POOL_SIZE + 1)));
/** A send not answered by then counts as an error ("no answer in 10 s") instead of hanging the run. */
const SEND_TIMEOUT_MS = 10_000;
/** A sender's window, as the bench counts it, ends this much after the app's may have. */
const WINDOW_MARGIN_MS = 2000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** `promise`, or a rejection once `ms` have passed without it settling. */
function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer in ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

interface Conversation {
  id: string;
  /** The starter first; the first follows GET /api/live on A, the second on B. */
  users: [User, User];
}

/** An accepted message: when its send's answer arrived, and where its recipient listens. */
interface Sent {
  id: string;
  answeredAt: number;
  latency: number;
  /** The recipient's instance ("A" or "B"); "" on the raw side. */
  recipientOn: string;
}

interface Phase {
  accepted: Sent[];
  /** Errors by kind ("status 429 rate_limited", "ECONNRESET", ...): each must be explained. */
  errors: Map<string, number>;
  elapsedMs: number;
  /** CPU time (µs) of the apps (HTTP) or of this process (raw: its pg client) in the phase. */
  cpuMicros: number;
  /** Each client's count of attempts so far: where it is in its cycle. */
  turns: number[];
}

const newPhase = (): Phase => ({
  accepted: [],
  errors: new Map(),
  elapsedMs: 0,
  cpuMicros: 0,
  turns: Array.from({ length: CLIENTS }, () => 0),
});

/** Conversations are dealt to clients in turn: client c owns every CLIENTS-th one from c. */
const conversationsOf = (all: Conversation[], client: number) => {
  const own = all.filter((_, i) => i % CLIENTS === client);
  return own.length > 0 ? own : [all[client % all.length] as Conversation];
};

/**
 * The sender and recipient of a client's `turn`-th message: it cycles over its conversations, and
 * the side that writes changes each time it comes back to one.
 */
function nextMessage(own: Conversation[], turn: number) {
  const conversation = own[turn % own.length] as Conversation;
  const side = Math.floor(turn / own.length) % 2;
  return {
    conversation,
    sender: conversation.users[side] as User,
    recipient: conversation.users[1 - side] as User,
    text: `Is this still available? I could collect on Saturday. (${turn})`,
  };
}

type Send = (client: number, turn: number, deadline: number) => Promise<Sent | "paced out">;

/** Runs CLIENTS clients in a closed loop for `ms`, adding their outcomes to `phase`. */
async function runClients(phase: Phase, send: Send, ms: number): Promise<void> {
  const started = performance.now();
  const deadline = started + ms;
  await Promise.all(
    phase.turns.map(async (_, client) => {
      while (performance.now() < deadline) {
        const turn = phase.turns[client] ?? 0;
        phase.turns[client] = turn + 1;
        try {
          const sent = await send(client, turn, deadline);
          if (sent === "paced out") break;
          phase.accepted.push(sent);
        } catch (err) {
          const kind = (err as { code?: string }).code ?? (err as Error).message;
          phase.errors.set(kind, (phase.errors.get(kind) ?? 0) + 1);
        }
      }
    }),
  );
  phase.elapsedMs += performance.now() - started;
}

/**
 * The per-user sending limit as the bench counts it (a fixed window of a minute from a user's
 * first message): `take` waits, when the sender has used its window, until it has ended, and
 * answers false when that is past the deadline.
 */
function sendingWindows() {
  const windows = new Map<string, { startedAt: number; sent: number }>();
  /** Waits, their total (ms), and clients stopped because the wait would outlast the phase. */
  const paced = { waits: 0, ms: 0, stopped: 0 };
  const take = async (user: User, deadline: number): Promise<boolean> => {
    let w = windows.get(user.id);
    const endsAt = w ? w.startedAt + 60_000 + WINDOW_MARGIN_MS : 0;
    if (w && w.sent >= MESSAGE_LIMITS.messagesPerMinute && performance.now() < endsAt) {
      if (endsAt > deadline) {
        paced.stopped++;
        return false;
      }
      paced.waits++;
      paced.ms += endsAt - performance.now();
      await sleep(endsAt - performance.now());
    }
    if (!w || performance.now() >= endsAt) {
      w = { startedAt: performance.now(), sent: 0 };
      windows.set(user.id, w);
    }
    w.sent++;
    return true;
  };
  return { take, paced };
}

/**
 * The statements the app runs for one text message (sendMessage and writeMessage in
 * server/modules/messages/messages.service.ts), in one transaction through the pool: lock the
 * conversation row, insert the message, set the conversation's last_message_at, bring it back to
 * both inboxes with the sender's last_sent_at, NOTIFY the recipient's message.created (with their
 * unread total, counted as the service counts it, here in the same statement), insert the
 * message_received notification (whose trigger NOTIFYs notification.created, as in the app). It
 * leaves out: the session lookup, the block check, the rate-limit counter, taking attachments (none
 * here), the sender's own message.created and its unread count, and the check for an email already
 * pending (the notification is stored with no email due, as the service stores every message's
 * after a conversation's first). Eight round trips; the app's send has made four since decision
 * 0033 (five since 0026), the limit's counter aside. Replaying the app's own four instead was not
 * faster (decision 0033): this is the stronger baseline of the two.
 */
async function rawSend(
  client: pg.PoolClient,
  conversationId: string,
  sender: User,
  recipient: User,
  text: string,
): Promise<void> {
  await client.query("begin");
  try {
    await client.query("select user_a, user_b from conversations where id = $1 for update", [
      conversationId,
    ]);
    const {
      rows: [m],
    } = await client.query<{ id: string; created_at: Date }>(
      `insert into messages (conversation_id, sender_id, recipient_id, text)
       values ($1, $2, $3, $4) returning id, created_at`,
      [conversationId, sender.id, recipient.id, text],
    );
    await client.query("update conversations set last_message_at = now() where id = $1", [
      conversationId,
    ]);
    await client.query(
      `update conversation_participants set folder = 'inbox',
         last_sent_at = case when user_id = $2 then now() else last_sent_at end
       where conversation_id = $1`,
      [conversationId, sender.id],
    );
    const message = {
      id: m?.id,
      conversationId,
      senderId: sender.id,
      text,
      attachments: [],
      read: false,
      createdAt: m?.created_at.toISOString(),
    };
    await client.query(
      `select pg_notify($1, $2::text || json_build_object('message', $3::json, 'unreadTotal',
         (select count(*)::int from messages m
            join conversation_participants p on p.conversation_id = m.conversation_id
              and p.user_id = m.recipient_id
          where m.recipient_id = $4 and m.read_at is null and p.folder <> 'trash'))::text)`,
      [
        LIVE_EVENTS_CHANNEL,
        `${topics.user(recipient.id)}|message.created|`,
        JSON.stringify(message),
        recipient.id,
      ],
    );
    await client.query(
      `insert into notifications (user_id, kind, message, link, conversation_id, email_due_at)
       values ($1, 'message_received', $2, $3, $4, null)`,
      [
        recipient.id,
        notificationText("message_received", { from: sender.username }),
        `/messages/${conversationId}`,
        conversationId,
      ],
    );
    await client.query("commit");
  } catch (err) {
    await client.query("rollback").catch(() => undefined);
    throw err;
  }
}

async function main() {
  const loadAtStart = os.loadavg();
  const scratch = await harness.createScratchDatabase("tw_bench_messages_", RAW_POOL_SIZE);
  const { pool } = scratch;
  const apps: AppProcess[] = [];
  const streams: harness.EventStream[] = [];
  const agents: Agent[] = [];
  await harness.withCleanUp(
    async () => {
      for (const s of streams) s.req.destroy();
      for (const a of agents) a.destroy();
      await Promise.allSettled(apps.map((a) => a.stop()));
      await scratch.drop();
    },
    async () => {
      await scratch.prepare();
      apps.push(
        ...(await harness.startApps(scratch, ["A", "B"], {
          poolSize: APP_POOL_SIZE,
          // BENCH_CPU_PROF=dir writes a V8 CPU profile of each app process there.
          cpuProfileDir: process.env.BENCH_CPU_PROF,
        })),
      );
      const targets = apps.map((app) => {
        const agent = new Agent({ keepAlive: true, maxSockets: Math.ceil(CLIENTS / 2) });
        agents.push(agent);
        return { app, agent };
      });
      const targetOf = (n: number) => targets[n % targets.length] as (typeof targets)[number];

      // 200 conversations over HTTP for the app, 200 more for the raw side: two users each.
      const makeConversations = async (prefix: string, label: string) => {
        const users = await harness.createBidders(pool, prefix, label, 2 * CONVERSATIONS);
        const made: Conversation[] = [];
        for (let i = 0; i < CONVERSATIONS; i += 20) {
          const batch = Array.from({ length: Math.min(20, CONVERSATIONS - i) }, async (_, j) => {
            const pair = [users[2 * (i + j)], users[2 * (i + j) + 1]] as [User, User];
            const { app, agent } = targetOf(i + j);
            const res = await harness.postJson<{ conversation: { id: string } }>(
              agent,
              app.port,
              "/api/me/conversations",
              pair[0],
              { recipientId: pair[1].id },
            );
            if (res.status !== 201)
              throw new Error(
                `starting a conversation answered ${res.status} ${res.body.error?.code}`,
              );
            return { id: res.body.conversation.id, users: pair };
          });
          made.push(...(await Promise.all(batch)));
        }
        return made;
      };
      const httpConversations = await makeConversations("msg", "Messenger");
      const rawConversations = await makeConversations("raw", "Raw");

      // Every user of the HTTP side follows its live connection: the first of each pair on A, the
      // second on B. heardAt: when a message's recipient first heard of it, by message id.
      const heardAt = new Map<string, number>();
      const listeningOn = new Map<string, string>();
      const lost = new Map<string, number>();
      const onLost = (why: string) => lost.set(why, (lost.get(why) ?? 0) + 1);
      const liveAgents = apps.map(
        () => new Agent({ keepAlive: true, maxSockets: CONVERSATIONS + 10 }),
      );
      agents.push(...liveAgents);
      for (const side of [0, 1]) {
        const app = apps[side] as AppProcess;
        for (let i = 0; i < CONVERSATIONS; i += 50) {
          const batch = httpConversations.slice(i, i + 50).map((c) => {
            const user = c.users[side] as User;
            listeningOn.set(user.id, app.name);
            return harness.openEventStream(
              liveAgents[side] as Agent,
              app.port,
              "/api/live",
              user.cookie,
              (name, data, at) => {
                if (name !== "message.created") return;
                const { message } = JSON.parse(data) as {
                  message: { id: string; senderId: string };
                };
                // Both participants hear of a message: only the recipient's copy is a delivery.
                if (message.senderId !== user.id && !heardAt.has(message.id))
                  heardAt.set(message.id, at);
              },
              onLost,
            );
          });
          streams.push(...(await Promise.all(batch)));
        }
      }

      const windows = sendingWindows();
      const httpSender =
        (conversations: Conversation[]): Send =>
        async (client, turn, deadline) => {
          const m = nextMessage(conversationsOf(conversations, client), turn);
          if (!(await windows.take(m.sender, deadline))) return "paced out";
          const { app, agent } = targetOf(client);
          const t0 = performance.now();
          const res = await within(
            harness.postJson<{ id: string }>(
              agent,
              app.port,
              `/api/me/conversations/${m.conversation.id}/messages`,
              m.sender,
              { text: m.text },
            ),
            SEND_TIMEOUT_MS,
          );
          if (res.status !== 201)
            throw new Error(`status ${res.status} ${res.body.error?.code ?? ""}`.trim());
          return {
            id: res.body.id,
            answeredAt: res.at,
            latency: res.at - t0,
            recipientOn: listeningOn.get(m.recipient.id) ?? "",
          };
        };
      const httpSend = httpSender(httpConversations);
      const rawSendOf: Send = async (client, turn) => {
        const m = nextMessage(conversationsOf(rawConversations, client), turn);
        const t0 = performance.now();
        const connection = await pool.connect();
        try {
          await rawSend(connection, m.conversation.id, m.sender, m.recipient, m.text);
        } finally {
          connection.release();
        }
        const at = performance.now();
        return { id: "", answeredAt: at, latency: at - t0, recipientOn: "" };
      };

      // Warm-up, not counted: the first requests load and compile the send path on both sides. The
      // HTTP side's goes to the raw side's conversations, so that it takes nothing from the measured
      // senders' 30 a minute (the raw side counts no limit).
      const http = newPhase();
      const raw = newPhase();
      const warmHttp = newPhase();
      await runClients(warmHttp, httpSender(rawConversations), WARMUP_MS);
      await runClients(newPhase(), rawSendOf, WARMUP_MS / 2);

      const sliceMs = (SECONDS * 1000) / SLICES;
      const appsCpu = async () =>
        (await Promise.all(apps.map((a) => a.cpuMicros()))).reduce((x, y) => x + y, 0);
      for (let i = 0; i < SLICES; i++) {
        const order: [Phase, Send][] = [
          [http, httpSend],
          [raw, rawSendOf],
        ];
        if (i % 2 === 1) order.reverse();
        for (const [phase, send] of order) {
          const before = phase === http ? await appsCpu() : process.cpuUsage();
          await runClients(phase, send, sliceMs);
          if (phase === http) phase.cpuMicros += (await appsCpu()) - (before as number);
          else {
            const used = process.cpuUsage(before as NodeJS.CpuUsage);
            phase.cpuMicros += used.user + used.system;
          }
        }
      }
      await sleep(GRACE_MS);

      const deliveries = new Map<string, number[]>(apps.map((a) => [a.name, []]));
      let early = 0;
      let missed = 0;
      for (const sent of http.accepted) {
        const at = heardAt.get(sent.id);
        if (at === undefined) {
          missed++;
          continue;
        }
        if (at < sent.answeredAt) early++;
        deliveries.get(sent.recipientOn)?.push(Math.max(0, at - sent.answeredAt));
      }

      const rate = (p: Phase) => p.accepted.length / (p.elapsedMs / 1000);
      const sendLatency = (p: Phase) => {
        const sorted = p.accepted.map((s) => s.latency).sort((a, b) => a - b);
        return `p50 ${harness.percentile(sorted, 0.5).toFixed(1)} ms  p99 ${harness.percentile(sorted, 0.99).toFixed(1)} ms`;
      };
      const errors = (p: Phase) =>
        p.errors.size === 0 ? "none" : [...p.errors].map(([k, n]) => `${k} x${n}`).join(", ");
      const loads = (l: number[]) => l.map((v) => v.toFixed(2)).join(" ");
      const line = (label: string, p: Phase) =>
        `${label.padEnd(9)}${String(p.accepted.length).padStart(7)} accepted  ${rate(p).toFixed(1).padStart(7)} messages/s  send ${sendLatency(p)}  errors: ${errors(p)}`;

      console.log(
        `bench:messages  ${new Date().toISOString()}  load average ${loads(loadAtStart)} at start, ${loads(os.loadavg())} at end (${os.availableParallelism()} cores)`,
      );
      console.log(
        `${CONVERSATIONS} conversations (2 users each, every user on GET /api/live: ${CONVERSATIONS} on A, ${CONVERSATIONS} on B); ` +
          `${CLIENTS} clients, each cycling over its ${Math.ceil(CONVERSATIONS / CLIENTS)} conversations, alternating sides; ` +
          `${SECONDS} s a side in ${SLICES} alternating slices after a warm-up; 2 app instances (half the clients on each, pool ${APP_POOL_SIZE} each), ` +
          `raw pool ${RAW_POOL_SIZE}; PostgreSQL via ${harness.serverVia()}`,
      );
      console.log(line("http", http));
      for (const [instance, list] of deliveries) {
        console.log(
          `  delivery to recipients on ${instance}  ${String(list.length).padStart(6)} deliveries  ${harness.latencySummary(list)}`,
        );
      }
      console.log(
        `  deliveries before the send's answer (counted as 0 ms): ${early}; missed (not received ${GRACE_MS / 1000} s after the last send): ${missed} of ${http.accepted.length}` +
          `; live connections lost: ${lost.size === 0 ? 0 : [...lost].map(([k, n]) => `${k} x${n}`).join(", ")}`,
      );
      console.log(
        `  sending limit (${MESSAGE_LIMITS.messagesPerMinute} a minute per user): ${windows.paced.waits + windows.paced.stopped === 0 ? "never reached, no pacing" : `reached: paced ${windows.paced.waits} times (${(windows.paced.ms / 1000).toFixed(1)} s of waiting), ${windows.paced.stopped} client slices cut short`}` +
          `; warm-up ${warmHttp.accepted.length} messages, errors: ${errors(warmHttp)}`,
      );
      console.log(line("raw sql", raw));
      const perMessage = (p: Phase) =>
        `${(p.cpuMicros / 1000 / Math.max(1, p.accepted.length)).toFixed(3)} ms`;
      console.log(
        `CPU per message: apps ${perMessage(http)} (${((http.cpuMicros / 1000 / http.elapsedMs) * 100).toFixed(0)}% of one core); raw side's process ${perMessage(raw)}`,
      );
      console.log(`ratio http/raw (messages/s): ${(rate(http) / rate(raw)).toFixed(2)}`);
      if (missed > 0 || lost.size > 0 || http.errors.size > 0 || raw.errors.size > 0)
        process.exitCode = 1;
    },
  );
}

harness.run(main);
