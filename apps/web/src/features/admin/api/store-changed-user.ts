// After a role or activation change: the account the server answered replaces its row in every
// cached page of the users list, so the row shows the saved value at once instead of flicking
// back to the old one until the list reloads.
import type { QueryClient } from '@tanstack/react-query';

import type { AdminUser } from './get-admin-users';
import { adminUsersQueryKey } from './admin-query-keys';

type UsersPage = { items: AdminUser[]; total: number };

export function storeChangedUser(queryClient: QueryClient, user: AdminUser): void {
  queryClient.setQueriesData<UsersPage>({ queryKey: adminUsersQueryKey }, (page) =>
    page ? { ...page, items: page.items.map((row) => (row.id === user.id ? user : row)) } : page,
  );
}
