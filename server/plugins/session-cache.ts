import type { SessionUser } from "../../core/contracts/accounts";

interface Entry {
  user: SessionUser;
  sessionExpiresAt: number;
  cachedAt: number;
}

/**
 * Signed-in users by session token hash, so a request need not read the sessions table. Entries
 * are dropped when the database says a user or their sessions changed (a trigger notifies
 * `session_changed` with the user id, heard by every instance), when this instance signs the
 * session out, and in any case after `ttlMs`, which bounds the harm of a missed notification.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private readonly byUser = new Map<string, Set<string>>();
  /** Bumped by every invalidation: a lookup that raced one must not store what it read. */
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  /** The cached user for a token hash, if fresh. */
  get(tokenHash: string, now = Date.now()): SessionUser | null {
    const entry = this.entries.get(tokenHash);
    if (!entry) return null;
    if (now - entry.cachedAt >= this.ttlMs || entry.sessionExpiresAt <= now) {
      this.drop(tokenHash);
      return null;
    }
    return entry.user;
  }

  /** A token to hand back to `set`: it is refused if anything was invalidated in between. */
  ticket(): number {
    return this.generation;
  }

  set(
    tokenHash: string,
    user: SessionUser,
    sessionExpiresAt: Date,
    ticket: number,
    now = Date.now(),
  ) {
    if (ticket !== this.generation) return;
    if (this.entries.size >= this.maxEntries) {
      // Maps keep insertion order: the first key is the oldest entry.
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.drop(oldest);
    }
    this.entries.set(tokenHash, {
      user,
      sessionExpiresAt: sessionExpiresAt.getTime(),
      cachedAt: now,
    });
    const tokens = this.byUser.get(user.id) ?? new Set<string>();
    tokens.add(tokenHash);
    this.byUser.set(user.id, tokens);
  }

  /** Forgets every session of a user (signed out, password reset, profile changed). */
  invalidateUser(userId: string) {
    this.generation++;
    for (const tokenHash of this.byUser.get(userId) ?? []) this.entries.delete(tokenHash);
    this.byUser.delete(userId);
  }

  /** Forgets everything: used when notifications may have been missed. */
  clear() {
    this.generation++;
    this.entries.clear();
    this.byUser.clear();
  }

  get size() {
    return this.entries.size;
  }

  private drop(tokenHash: string) {
    const entry = this.entries.get(tokenHash);
    this.entries.delete(tokenHash);
    if (!entry) return;
    const tokens = this.byUser.get(entry.user.id);
    tokens?.delete(tokenHash);
    if (tokens?.size === 0) this.byUser.delete(entry.user.id);
  }
}
