/**
 * Runs `work` for every item, at most `limit` at a time, and settles each
 * on its own: one failure stops nothing else. `onSettled` hears of each
 * as it ends (for "Written for 4 of 10"); the answer keeps the items' order.
 * Bounded, so writing to a class of forty sends a few requests at a time
 * instead of forty at once to a service that sheds load (503 overloaded).
 */
export async function eachBounded<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
  onSettled?: (item: T, result: PromiseSettledResult<R>) => void,
): Promise<PromiseSettledResult<R>[]> {
  const results: PromiseSettledResult<R>[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      const item = items[index] as T;
      let result: PromiseSettledResult<R>;
      try {
        result = { status: 'fulfilled', value: await work(item) };
      } catch (reason) {
        result = { status: 'rejected', reason };
      }
      results[index] = result;
      onSettled?.(item, result);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  return results;
}
