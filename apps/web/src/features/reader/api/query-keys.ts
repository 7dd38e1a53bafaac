// The reader's query keys: a module of its own, so screens that only invalidate (a paid order, a
// saved page) bring no fetcher along.

/** An issue's pages (public, the same for everybody). */
export const issuePagesQueryKey = (issueId: number) => ['issue-pages', issueId] as const;

/** Everything about one user's reading: access per issue and the shelf. */
export const readingQueryKey = (userId: number) => ['reading', userId] as const;
