// The query keys of the admin screens, in one tree under ['admin']: a change made on one screen
// (a role, a resent e-mail) marks every admin list stale at once, the audit log included.
export const adminQueryKey = ['admin'] as const;

export const adminUsersQueryKey = [...adminQueryKey, 'users'] as const;
export const adminOrdersQueryKey = [...adminQueryKey, 'orders'] as const;
export const adminOrderQueryKey = [...adminQueryKey, 'order'] as const;
export const adminStatsQueryKey = [...adminQueryKey, 'stats'] as const;
export const adminAuditQueryKey = [...adminQueryKey, 'audit'] as const;
export const adminImportsQueryKey = [...adminQueryKey, 'imports'] as const;
