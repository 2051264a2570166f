import { QueryClient, type QueryKey } from "@tanstack/react-query";
import { beforeEach } from "vitest";

/**
 * For the tests of a feature's cache effects (`features/<area>/cache.test.ts`): a new QueryClient
 * before each test, and the two reads they share.
 */
export function cacheUnderTest() {
  let client = new QueryClient();
  beforeEach(() => {
    client = new QueryClient();
  });
  return {
    get client() {
      return client;
    },
    isInvalidated: (key: QueryKey) => client.getQueryState(key)?.isInvalidated ?? false,
    /** Puts data under each key, as a page that had loaded them would have. */
    seed(...keys: QueryKey[]) {
      for (const key of keys) client.setQueryData(key, { seeded: true });
    },
  };
}
