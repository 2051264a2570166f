// Scratch (not committed): the statements sendMessage runs, with their timings, on a quiet pool.
import pg from "pg";
import * as harness from "./harness";
import { databaseCounters } from "../server/plugins/limit-counters";
import { sendMessage, startConversation } from "../server/modules/messages/messages.service";

const trace: { text: string; ms: number }[] = [];
let tracing = false;
const orig = pg.Client.prototype.query as (...a: unknown[]) => unknown;
(pg.Client.prototype as unknown as { query: unknown }).query = function (this: unknown, ...args: unknown[]) {
  const cfg = args[0] as string | { text: string };
  const text = typeof cfg === "string" ? cfg : cfg?.text;
  const t0 = performance.now();
  const r = orig.apply(this, args) as Promise<unknown> | undefined;
  if (tracing && r && typeof (r as Promise<unknown>).then === "function")
    (r as Promise<unknown>).then(() => trace.push({ text: String(text).replace(/\s+/g, " ").slice(0, 110), ms: performance.now() - t0 }), () => undefined);
  return r;
};
const scratch = await harness.createScratchDatabase("tw_trace_", 4);
try {
  await scratch.prepare();
  const counters = databaseCounters(scratch.database);
  const users = await harness.createBidders(scratch.pool, "tr", "Tr", 40);
  const convs: { id: string; a: string; b: string }[] = [];
  for (let i = 0; i < 20; i++) {
    const a = users[2 * i]!.id, b = users[2 * i + 1]!.id;
    const s = await startConversation(scratch.database.db, counters, a, { recipientId: b, text: "", attachments: [] });
    convs.push({ id: s.conversation.id, a, b });
  }
  let n = 0;
  const send = async () => {
    const c = convs[n % convs.length]!; const from = (n >> 5) % 2 ? c.a : c.b; n++;
    await sendMessage(scratch.database.db, counters, from, c.id, { text: `hello ${n}`, attachments: [] });
  };
  for (let i = 0; i < 300; i++) await send();
  tracing = true;
  const N = Number(process.env.N ?? 300);
  const t0 = performance.now();
  for (let i = 0; i < N; i++) await send();
  const total = performance.now() - t0;
  await new Promise((r) => setTimeout(r, 50));
  tracing = false;
  const by = new Map<string, { n: number; ms: number }>();
  for (const t of trace) { const e = by.get(t.text) ?? { n: 0, ms: 0 }; e.n++; e.ms += t.ms; by.set(t.text, e); }
  console.log(`${N} sends one at a time: ${(total / N).toFixed(3)} ms a send, ${(trace.length / N).toFixed(1)} statements a send`);
  for (const [text, e] of by) console.log(`${(e.n / N).toFixed(1)}x ${(e.ms / e.n).toFixed(3)} ms  ${text}`);
} finally {
  await scratch.drop();
}
