import { sql } from "drizzle-orm";
import type { ListingRule } from "../../../core/contracts/admin";
import { ERROR_CODES } from "../../../core/errors";
import type { Db } from "../../db/client";
import { isoTime, rows } from "../../db/rows";
import { badRequest, conflict, notFound } from "../../errors";
import { recordAdminAction } from "../staff/audit-log";
import type { Staff } from "../staff/staff.policy";

interface RuleRow {
  id: string;
  kind: "word" | "category";
  value: string;
  label: string;
  createdAt: Date | string;
}

const selectRules = sql`select r.id, r.kind, r.value, coalesce(c.name, r.value) as label,
    r.created_at as "createdAt"
  from listing_rules r
  left join categories c on r.kind = 'category' and c.slug = r.value`;

function toRule(r: RuleRow): ListingRule {
  return {
    id: r.id,
    kind: r.kind,
    value: r.value,
    label: r.label,
    createdAt: isoTime(r.createdAt),
  };
}

/** Every rule, words first, each kind alphabetically. */
export async function listListingRules(db: Db): Promise<{ items: ListingRule[] }> {
  const found = await rows<RuleRow>(db, sql`${selectRules} order by r.kind desc, r.value`);
  return { items: found.map(toRule) };
}

/** A word or phrase as stored: lower case, single spaces (so "Fake  Gucci" and "fake gucci" are one rule). */
export function normalizeRuleWord(value: string): string {
  return value.trim().toLowerCase().replace(/\s+/g, " ");
}

/** Adds a rule (admin only, checked by the route) and records it in the audit log. */
export async function addListingRule(
  db: Db,
  actor: Staff,
  input: { kind: "word" | "category"; value: string },
): Promise<ListingRule> {
  const value = input.kind === "word" ? normalizeRuleWord(input.value) : input.value.trim();
  return db.transaction(async (tx) => {
    if (input.kind === "category") {
      const [category] = await rows<{ id: string }>(
        tx,
        sql`select id from categories where slug = ${value}`,
      );
      if (!category) throw badRequest("Choose a category", { value: "No category has that slug." });
    }
    const [created] = await rows<{ id: string }>(
      tx,
      sql`insert into listing_rules (kind, value, created_by_id)
          values (${input.kind}, ${value}, ${actor.id})
          on conflict (kind, value) do nothing returning id`,
    );
    if (!created) throw conflict("That rule exists already.", ERROR_CODES.listingRuleExists);
    const [rule] = await rows<RuleRow>(tx, sql`${selectRules} where r.id = ${created.id}`);
    if (!rule) throw new Error("listing rule vanished");
    await recordAdminAction(tx, {
      actorId: actor.id,
      action: "listing_rule.add",
      subjectKind: "listing_rule",
      subjectId: created.id,
      reason: `Added the ${input.kind} rule "${value}".`,
      before: null,
      after: { kind: input.kind, value },
    });
    return toRule(rule);
  });
}

/** Deletes a rule (admin only); listings it held stay held until a moderator reviews them. */
export async function deleteListingRule(db: Db, actor: Staff, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [deleted] = await rows<{ kind: string; value: string }>(
      tx,
      sql`delete from listing_rules where id = ${id} returning kind, value`,
    );
    if (!deleted) throw notFound("That rule does not exist.", ERROR_CODES.listingRuleNotFound);
    await recordAdminAction(tx, {
      actorId: actor.id,
      action: "listing_rule.delete",
      subjectKind: "listing_rule",
      subjectId: id,
      reason: `Deleted the ${deleted.kind} rule "${deleted.value}".`,
      before: deleted,
      after: null,
    });
  });
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Whether `text` contains the word or phrase as whole words, case-insensitively: "gun" finds
 * "a gun" and "Gun-metal" but not "begun" or "gunny"; a phrase's words may be split by any
 * whitespace. Letters and digits of any script count as word characters.
 */
export function containsWord(text: string, word: string): boolean {
  const phrase = normalizeRuleWord(word).split(" ").map(escapeRegExp).join("\\s+");
  if (phrase === "") return false;
  return new RegExp(`(?<![\\p{L}\\p{N}])${phrase}(?![\\p{L}\\p{N}])`, "iu").test(text);
}

/**
 * The reason a new listing is held for review, or null when no rule matches: its title and
 * description against the word rules, its category and subcategory (by slug) against the
 * category rules. The first match in the rules' order names the reason the seller is told.
 */
export async function listingHoldReason(
  db: Db,
  listing: { title: string; description: string; categoryId: string; subcategoryId: string | null },
): Promise<string | null> {
  const rules = await rows<{ kind: "word" | "category"; value: string; label: string }>(
    db,
    sql`select r.kind, r.value, coalesce(c.name, r.value) as label
        from listing_rules r
        left join categories c on r.kind = 'category' and c.slug = r.value
        where r.kind = 'word'
          or c.id = ${listing.categoryId}
          or c.id = ${listing.subcategoryId ?? listing.categoryId}
        order by r.kind desc, r.value`,
  );
  const text = `${listing.title}\n${listing.description}`;
  for (const rule of rules) {
    if (rule.kind === "category")
      return `Listed in "${rule.label}", which needs a moderator's review.`;
    if (containsWord(text, rule.value))
      return `Contains "${rule.value}", which needs a moderator's review.`;
  }
  return null;
}
