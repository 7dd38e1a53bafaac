// Administrators' account management (docs/product.md §2 admin Users screen, §7 /admin/users calls).
import { z } from 'zod';
import { ROLES } from '../constants';

/** A row of the admin users list (docs/product.md §3): never a password, hash or session. */
export const adminUser = z.object({
  id: z.number().int(),
  email: z.string(),
  username: z.string(),
  rol: z.enum(ROLES),
  active: z.boolean(),
});
export type AdminUser = z.infer<typeof adminUser>;

const userId = z
  .number({ error: 'Must be a user id' })
  .int({ error: 'Must be a user id' })
  .positive({ error: 'Must be a user id' });

export const setRoleBody = z.object({
  id_user: userId,
  rol: z.enum(ROLES, { error: 'Must be USER or ADMIN' }),
});

export const setActiveBody = z.object({
  id_user: userId,
  active: z.boolean({ error: 'Must be true or false' }),
});
