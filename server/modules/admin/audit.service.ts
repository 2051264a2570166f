import { sql } from "drizzle-orm";
import type { AuditEntry } from "../../../core/contracts/admin";
import type { Db } from "../../db/client";
import { isoTime, rows } from "../../db/rows";

/**
 * The audit log, newest first, with each actor's username (entries keep no foreign key, so one
 * whose actor was deleted since shows "deleted user").
 */
export async function listAuditEntries(db: Db, query: { page: number; pageSize: number }) {
  const [count] = await rows<{ total: number }>(
    db,
    sql`select count(*)::int as total from admin_actions`,
  );
  const found = await rows<{
    id: string;
    actorId: string;
    actor: string | null;
    action: AuditEntry["action"];
    subjectKind: string;
    subjectId: string;
    reason: string;
    before: unknown;
    after: unknown;
    createdAt: Date | string;
  }>(
    db,
    sql`select a.id, a.actor_id as "actorId", u.username as actor, a.action,
          a.subject_kind as "subjectKind", a.subject_id as "subjectId", a.reason,
          a.before, a.after, a.created_at as "createdAt"
        from admin_actions a left join users u on u.id = a.actor_id
        order by a.created_at desc, a.id desc
        limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`,
  );
  const items: AuditEntry[] = found.map((a) => ({
    id: a.id,
    actor: { id: a.actorId, username: a.actor ?? "deleted user" },
    action: a.action,
    subjectKind: a.subjectKind,
    subjectId: a.subjectId,
    reason: a.reason,
    // PGlite answers jsonb parsed; node-postgres too. Text would mean a driver change: parse it.
    before: typeof a.before === "string" ? JSON.parse(a.before) : a.before,
    after: typeof a.after === "string" ? JSON.parse(a.after) : a.after,
    createdAt: isoTime(a.createdAt),
  }));
  return { items, total: count?.total ?? 0, page: query.page, pageSize: query.pageSize };
}
