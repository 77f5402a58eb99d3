import { Page } from '@/client/components/layout/page.tsx';
import { useMyOrganizations } from '@/client/features/organizations/api/get-my-organizations.ts';
import { useRiskProfile, useUpdateRiskProfile } from '@/client/features/risk-profile/api/risk-profile.ts';
import { RiskProfileForm } from '@/client/features/risk-profile/components/risk-profile-form.tsx';
import { getErrorMessage } from '@/client/lib/api-client.ts';

/** /risk-profile: the current organisation's cyber-insurance policy and risk appetite (ADR 218). */
export function RiskProfilePage() {
  const profile = useRiskProfile();
  const update = useUpdateRiskProfile();
  const organizations = useMyOrganizations();
  // A viewer reads only (ADR 140); the server refuses their change anyway.
  const role = organizations.data?.organizations.find((o) => o.isCurrent)?.role;
  return (
    <Page
      title="Insurance and risk appetite"
      description="Your cyber policy and the loss in a year you can absorb. Assessments completed from now on use them; earlier ones keep what they were computed with."
    >
      {profile.isLoading ? <p className="text-slate-700">Loading…</p> : null}
      {profile.error ? <p className="text-red-700">Could not load the figures: {getErrorMessage(profile.error)}</p> : null}
      {profile.data ? (
        <RiskProfileForm
          profile={profile.data}
          canEdit={role !== 'viewer'}
          isSaving={update.isPending}
          onSave={(settings) => update.mutateAsync(settings)}
        />
      ) : null}
    </Page>
  );
}
