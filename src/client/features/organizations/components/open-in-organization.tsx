import { useEffect, useRef, type ReactNode } from 'react';
import { Alert, AlertDescription } from '@/client/components/ui/alert.tsx';
import { getErrorMessage } from '@/client/lib/api-client.ts';
import { useMyOrganizations } from '../api/get-my-organizations.ts';
import { useSwitchOrganization } from '../api/switch-organization.ts';

/**
 * A link into one organisation's object (`?organization=<id>`, e.g. the hand-over e-mail, ADR 146):
 * switches the session to that organisation first when the caller belongs to it (the server checks
 * the membership again), then shows `children`. Someone who does not belong to it is told so.
 * `skip`: no organisation named, show `children` as they are.
 */
export function OpenInOrganization({ organizationId, skip = false, children }: { organizationId: string; skip?: boolean; children: ReactNode }) {
  const { data, error } = useMyOrganizations();
  const switchOrganization = useSwitchOrganization();
  const asked = useRef(false);
  const target = data?.organizations.find((organization) => organization.id === organizationId);
  const needsSwitch = Boolean(!skip && data && target && data.currentOrganizationId !== organizationId);
  useEffect(() => {
    if (!needsSwitch || asked.current) return;
    asked.current = true;
    switchOrganization.mutate(organizationId);
  }, [needsSwitch, organizationId, switchOrganization]);

  if (skip) return <>{children}</>;
  const problem = error ?? switchOrganization.error;
  if (problem)
    return (
      <Alert variant="destructive">
        <AlertDescription>{getErrorMessage(problem)}</AlertDescription>
      </Alert>
    );
  if (!data) return <p role="status">Loading…</p>;
  if (!target)
    return (
      <Alert variant="destructive">
        <AlertDescription>This link belongs to an organisation you are not a member of. Ask its owner to invite you, then open the link again.</AlertDescription>
      </Alert>
    );
  if (needsSwitch) return <p role="status">Opening {target.name}…</p>;
  return <>{children}</>;
}
