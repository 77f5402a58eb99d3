import { z } from 'zod';

export const RoleSchema = z.enum(['user', 'admin', 'super_admin']);
export type Role = z.infer<typeof RoleSchema>;

/** GET /api/auth/user: only safe fields. */
export const CurrentUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: RoleSchema,
});
export type CurrentUser = z.infer<typeof CurrentUserSchema>;
