// Which page buttons to show: all of them for a short range; otherwise the first, the last and
// the current page with its neighbours, with a gap marker where pages are left out. The length
// stays constant (2 * siblings + 5) so the bar does not jump while paging.
export type PageSlot = number | 'gap-start' | 'gap-end';

export function getPageWindow(current: number, total: number, siblings = 1): PageSlot[] {
  if (total <= 0) return [];
  const page = Math.min(Math.max(1, current), total);
  const slots = 2 * siblings + 5;
  if (total <= slots) return Array.from({ length: total }, (_, i) => i + 1);

  const side = siblings * 2 + 3; // pages shown before the gap when near an end
  if (page <= siblings + 3) {
    return [...Array.from({ length: side }, (_, i) => i + 1), 'gap-end', total];
  }
  if (page >= total - siblings - 2) {
    return [1, 'gap-start', ...Array.from({ length: side }, (_, i) => total - side + 1 + i)];
  }
  const middle = Array.from({ length: 2 * siblings + 1 }, (_, i) => page - siblings + i);
  return [1, 'gap-start', ...middle, 'gap-end', total];
}
