import { createVerifiedUserSession } from '../../test/helpers.ts';
import type { TestApp } from '../../test/test-app.ts';

export interface SessionUser {
  cookie: string;
  userId: string;
  organizationId: string;
}

/** A verified user in a new organisation. */
export async function createUserInNewOrganization(t: TestApp): Promise<SessionUser> {
  const { cookie, user } = await createVerifiedUserSession(t);
  return { cookie, userId: user.id, organizationId: user.organizationId };
}

/** A second verified member of an existing organisation. */
export async function createMemberOf(t: TestApp, organizationId: string): Promise<SessionUser> {
  const { cookie, user } = await createVerifiedUserSession(t, { organizationId, firstName: 'Member' });
  return { cookie, userId: user.id, organizationId };
}
