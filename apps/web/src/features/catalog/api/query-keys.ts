// The roots of the catalogue's query keys, for the screens that change the catalogue (an
// admin's edit, a new comic) to make its cached answers stale. A module of its own, with no
// fetcher, so importing a key brings no endpoint code along.

/** Every comic answer: the lists (browse and search), a comic's detail, its issues. */
export const catalogQueryKey = ['comics'] as const;

/** The publisher names of the home filter. */
export const publishersQueryKey = ['publishers'] as const;
