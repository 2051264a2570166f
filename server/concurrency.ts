/**
 * Runs `work` on every item, at most `limit` at a time (a few workers taking the next item as they
 * finish), and resolves when all are done. A rejection of `work` rejects the whole run.
 */
export async function eachAtMost<T>(
  limit: number,
  items: readonly T[],
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++] as T);
  };
  await Promise.all(Array.from({ length: Math.min(Math.max(1, limit), items.length) }, worker));
}
