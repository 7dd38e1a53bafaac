// How fast an import converts pages, from the counts its reports give as they arrive: pages per
// second over the last half minute (the speed now, not since the start), and the time left at
// that pace. Samples are recorded as each report is fetched, outside React.

/** The window the speed is measured over. */
const WINDOW_MS = 30_000;

type Sample = { at: number; pages: number };
const samplesByImport = new Map<number, Sample[]>();

export function recordPages(importId: number, pagesDone: number, at = Date.now()): void {
  const samples = samplesByImport.get(importId) ?? [];
  samples.push({ at, pages: pagesDone });
  while (samples.length > 2 && at - samples[0]!.at > WINDOW_MS) samples.shift();
  samplesByImport.set(importId, samples);
}

/** Pages per second lately; null until reports a few seconds apart have been seen. */
export function pageRate(importId: number): number | null {
  const samples = samplesByImport.get(importId) ?? [];
  const first = samples[0];
  const last = samples[samples.length - 1];
  if (!first || !last || last.at - first.at < 3_000) return null;
  return (last.pages - first.pages) / ((last.at - first.at) / 1000);
}

/** '45 s', '3 min', '1 h 20 min'. */
export function formatDuration(seconds: number): string {
  if (seconds < 60) return `${Math.max(1, Math.round(seconds))} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}
