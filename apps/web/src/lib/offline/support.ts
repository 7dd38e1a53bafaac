// Whether this browser can keep issues for offline reading at all: Cache Storage and IndexedDB,
// which browsers give only to secure contexts (https, or localhost). Kept apart from the shelf so
// the first load can ask without bringing the offline code.

export function canKeepOffline(): boolean {
  return typeof window !== 'undefined' && 'caches' in window && 'indexedDB' in window && window.isSecureContext;
}
