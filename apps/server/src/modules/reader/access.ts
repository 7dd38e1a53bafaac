// Who may read an issue's pages past the preview: its owners and the administrators, through
// addresses carrying a page token (page-tokens.ts) that open pages only while the session that
// asked for them lives and its account may still read the issue. Both are answered from memory
// once warm: the session store's cache and the known owners, which a logout, an account change or
// a purchase taken back empties (on every instance, when the app forwards their invalidations).
import type { Role } from '@comics/shared/constants';
import type { ServerSecrets } from '../../db/server-secrets';
import { KnownOwners } from './known-owners';
import { createPageTokens, PAGE_TOKEN_KEY_NAME, type PageToken, type PageTokens } from './page-tokens';

/** Who asks: their id and role, and their session (its token hash), which their page addresses name. */
export interface Reader {
  id: number;
  role: Role;
  session: string;
}

/** Whom a page address opens the issue's pages past the preview to now, and until when at most. */
export interface PageGrant {
  userId: number;
  expiresAt: Date;
}

export interface ReadingAccessDependencies {
  /** Where the key signing page addresses is kept. */
  secrets: ServerSecrets;
  /** Whether the user has paid for the issue (the cart's purchases). */
  owns: (userId: number, issueId: number) => Promise<boolean>;
  /**
   * The live session a page address names by its token hash (the session store's `live`): from
   * memory, and null once it is logged out, expired or deactivated.
   */
  sessionOf: (tokenHash: string) => Promise<{ userId: number; role: Role } | null>;
  /**
   * Who owns what, once read. Its invalidations reach the other instances when the app forwards
   * them (a purchase taken back there stops the pages here too).
   */
  owners?: KnownOwners;
}

export function createReadingAccess({
  secrets,
  owns,
  sessionOf,
  owners = new KnownOwners(),
}: ReadingAccessDependencies) {
  // The signing key is made once for the whole cluster and read once per process.
  const pageTokens = async (): Promise<PageTokens> => createPageTokens(await secrets.key(PAGE_TOKEN_KEY_NAME));

  /** Administrators read every issue: they upload and check pages. */
  async function mayRead(reader: Pick<Reader, 'id' | 'role'>, issueId: number): Promise<boolean> {
    if (reader.role === 'ADMIN') return true;
    if (owners.has(reader.id, issueId)) return true;
    const mark = owners.mark();
    const owned = await owns(reader.id, issueId);
    if (owned) owners.add(reader.id, issueId, mark);
    return owned;
  }

  return {
    mayRead,

    /** The token the reader's page addresses carry past the preview (the caller has checked `mayRead`). */
    async tokenFor(reader: Pick<Reader, 'session'>, issueId: number): Promise<PageToken> {
      return (await pageTokens()).issue(reader.session, issueId);
    },

    /**
     * Whom `token` lets read the issue's pages past the preview now, or null: its signature must
     * hold, the session it names must still live and that account still read the issue (own it,
     * or be an administrator now).
     */
    async grantOf(token: string | undefined, issueId: number): Promise<PageGrant | null> {
      const claim = (await pageTokens()).verify(token, issueId);
      if (!claim) return null;
      const session = await sessionOf(claim.session);
      if (!session || !(await mayRead({ id: session.userId, role: session.role }, issueId))) return null;
      return { userId: session.userId, expiresAt: claim.expiresAt };
    },

    /** After some of the user's purchases were taken back: what this process remembers of them goes. */
    ownershipChanged(userId: number): void {
      owners.invalidate(userId);
    },
  };
}
