// Work on a list a few items at a time (an upload's pages, a download's files, the pages a reader
// keeps offline): the answers in the items' order, and on a failure no new item started and the
// first error thrown once the items already started have settled (so their writes are known
// before anyone cleans up).

/** `work` on every item, `limit` at a time, answers in the items' order. */
export async function mapLimited<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  const failures: unknown[] = [];
  let next = 0;
  const worker = async () => {
    while (failures.length === 0 && next < items.length) {
      const index = next++;
      try {
        results[index] = await work(items[index]!, index);
      } catch (error) {
        failures.push(error);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  if (failures.length > 0) throw failures[0];
  return results;
}
