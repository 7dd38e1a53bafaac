// Storage of the development OpenID provider (interactions, sessions, grants, codes, tokens):
// in this process's memory, one store per provider, entries gone at their expiry. It is the
// development provider's by design: a restart signs everyone out of it, which costs nothing
// since the shop keeps its own sessions. (The library's bundled memory adapter shares one
// store between every provider in the process, which tests that build several apps cannot use.)

interface Entry {
  payload: Record<string, unknown>;
  expiresAt: number;
}

/** Models whose artefacts die with their grant (revokeByGrantId). */
const GRANTABLE = new Set([
  'AccessToken',
  'AuthorizationCode',
  'RefreshToken',
  'DeviceCode',
  'BackchannelAuthenticationRequest',
]);

/** Enough for a developer or a browser suite; the oldest entries go first beyond it. */
const MAX_ENTRIES = 10_000;

export interface ProviderAdapter {
  upsert(id: string, payload: Record<string, unknown>, expiresIn: number): Promise<void>;
  find(id: string): Promise<Record<string, unknown> | undefined>;
  findByUid(uid: string): Promise<Record<string, unknown> | undefined>;
  findByUserCode(userCode: string): Promise<Record<string, unknown> | undefined>;
  consume(id: string): Promise<void>;
  destroy(id: string): Promise<void>;
  revokeByGrantId(grantId: string): Promise<void>;
}

/** A factory oidc-provider calls with each model name (its `adapter` option). */
export function createMemoryAdapterFactory(): (model: string) => ProviderAdapter {
  const entries = new Map<string, Entry>();
  /** Secondary keys (session uid, user code, grant id) to primary keys. */
  const links = new Map<string, { keys: Set<string>; expiresAt: number }>();

  function live<T extends { expiresAt: number }>(map: Map<string, T>, key: string): T | undefined {
    const value = map.get(key);
    if (value && value.expiresAt <= Date.now()) {
      map.delete(key);
      return undefined;
    }
    return value;
  }

  function trim(): void {
    if (entries.size <= MAX_ENTRIES) return;
    const now = Date.now();
    for (const [key, entry] of entries) if (entry.expiresAt <= now) entries.delete(key);
    for (const [key, link] of links) if (link.expiresAt <= now) links.delete(key);
    for (const key of entries.keys()) {
      if (entries.size <= MAX_ENTRIES) break;
      entries.delete(key);
    }
  }

  function link(name: string, key: string, expiresAt: number): void {
    const existing = live(links, name);
    if (existing) {
      existing.keys.add(key);
      existing.expiresAt = Math.max(existing.expiresAt, expiresAt);
    } else {
      links.set(name, { keys: new Set([key]), expiresAt });
    }
  }

  function firstLinked(name: string): Record<string, unknown> | undefined {
    const linked = live(links, name);
    for (const key of linked?.keys ?? []) {
      const entry = live(entries, key);
      if (entry) return entry.payload;
    }
    return undefined;
  }

  return (model) => {
    const keyOf = (id: string) => `${model}:${id}`;
    return {
      async upsert(id, payload, expiresIn) {
        const key = keyOf(id);
        const expiresAt = Date.now() + expiresIn * 1000;
        entries.delete(key); // re-inserted last: the trim order follows the latest write
        entries.set(key, { payload, expiresAt });
        if (model === 'Session' && typeof payload.uid === 'string') link(`sessionUid:${payload.uid}`, key, expiresAt);
        if (typeof payload.userCode === 'string') link(`userCode:${payload.userCode}`, key, expiresAt);
        if (GRANTABLE.has(model) && typeof payload.grantId === 'string')
          link(`grant:${payload.grantId}`, key, expiresAt);
        trim();
      },
      async find(id) {
        return live(entries, keyOf(id))?.payload;
      },
      async findByUid(uid) {
        return firstLinked(`sessionUid:${uid}`);
      },
      async findByUserCode(userCode) {
        return firstLinked(`userCode:${userCode}`);
      },
      async consume(id) {
        const entry = live(entries, keyOf(id));
        if (entry) entry.payload.consumed = Math.floor(Date.now() / 1000);
      },
      async destroy(id) {
        entries.delete(keyOf(id));
      },
      async revokeByGrantId(grantId) {
        const linked = links.get(`grant:${grantId}`);
        for (const key of linked?.keys ?? []) entries.delete(key);
        links.delete(`grant:${grantId}`);
      },
    };
  };
}
