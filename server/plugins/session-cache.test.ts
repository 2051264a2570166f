import { describe, expect, it } from "vitest";
import type { SessionUser } from "../../core/contracts/accounts";
import { SessionCache } from "./session-cache";

const user = (id: string): SessionUser =>
  ({
    id,
    email: `${id}@x.test`,
    username: id,
    fullName: id,
    role: "user",
    avatarUrl: null,
    marketingEmails: false,
  }) as SessionUser;
const later = new Date(Date.now() + 3_600_000);

describe("SessionCache", () => {
  it("answers a fresh entry and forgets it after the time to live", () => {
    const cache = new SessionCache(1000);
    cache.set("t1", user("a"), later, cache.ticket(), 0);
    expect(cache.get("t1", 999)?.id).toBe("a");
    expect(cache.get("t1", 1000)).toBeNull();
  });

  it("never answers past the session's own expiry", () => {
    const cache = new SessionCache(60_000);
    const now = Date.now();
    cache.set("t1", user("a"), new Date(now + 10), cache.ticket(), now);
    expect(cache.get("t1", now + 10)).toBeNull();
  });

  it("drops every session of a user on invalidation and leaves others", () => {
    const cache = new SessionCache(60_000);
    cache.set("t1", user("a"), later, cache.ticket());
    cache.set("t2", user("a"), later, cache.ticket());
    cache.set("t3", user("b"), later, cache.ticket());
    cache.invalidateUser("a");
    expect(cache.get("t1")).toBeNull();
    expect(cache.get("t2")).toBeNull();
    expect(cache.get("t3")?.id).toBe("b");
  });

  it("refuses to store a lookup that raced an invalidation", () => {
    const cache = new SessionCache(60_000);
    const ticket = cache.ticket();
    cache.invalidateUser("a"); // arrives while the lookup was reading the old row
    cache.set("t1", user("a"), later, ticket);
    expect(cache.get("t1")).toBeNull();
  });

  it("stays within its size by evicting the oldest entry", () => {
    const cache = new SessionCache(60_000, 2);
    cache.set("t1", user("a"), later, cache.ticket());
    cache.set("t2", user("b"), later, cache.ticket());
    cache.set("t3", user("c"), later, cache.ticket());
    expect(cache.size).toBe(2);
    expect(cache.get("t1")).toBeNull();
    expect(cache.get("t3")?.id).toBe("c");
  });
});
