// The follows' query keys: everything about one user's followed series (the list and 'New for
// you') under one prefix, so a follow or an unfollow refreshes both.
export const followsQueryKey = (userId: number) => ['follows', userId] as const;
