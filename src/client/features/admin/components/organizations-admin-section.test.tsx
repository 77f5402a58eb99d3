import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, test, vi } from 'vitest';
import type { AdminOrganizationDetail, AdminOrganizationList, AdminOrganizationSso } from '@/contracts/admin.ts';
import type { AdminRole } from '@/contracts/auth.ts';
import { Toaster } from '@/client/components/ui/toaster.tsx';
import { createQueryClient } from '@/client/lib/query-client.ts';
import { FakeStepUp } from '@/client/test/fake-step-up.tsx';
import { stubApi, type StubReply } from '@/client/test/stub-api.ts';
import { OrganizationsAdminSection } from './organizations-admin-section.tsx';

/** ADR 227: a super admin lifts "SSO required" of an organisation from its detail, with a reason and a fresh code. */

const ORGANIZATION_ID = '22222222-2222-4222-8222-222222222222';
const LIFT = `POST /api/admin/organizations/${ORGANIZATION_ID}/sso/lift-requirement`;

const detail = (sso: AdminOrganizationSso): AdminOrganizationDetail => ({
  id: ORGANIZATION_ID,
  name: 'Northwind Clinic',
  subscriptionStatus: 'active',
  memberCount: 1,
  createdAt: '2026-11-01T10:00:00.000Z',
  members: [{ userId: 'u1', email: 'owner@northwind.test', firstName: 'Nora', lastName: 'Wind', role: 'owner', status: 'active' }],
  sso,
});
const list: AdminOrganizationList = { organizations: [detail('required')], total: 1, page: 1, pageSize: 25 };

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The section with its detail open; `lift` are the server's answers to the lift, in turn. */
async function openDetail(options: { role: AdminRole; sso: AdminOrganizationSso; ssoLater?: AdminOrganizationSso; lift?: StubReply[] }) {
  const calls = stubApi({
    'GET /api/admin/organizations?page=1': [{ status: 200, body: list }],
    [`GET /api/admin/organizations/${ORGANIZATION_ID}`]: [{ status: 200, body: detail(options.sso) }, ...(options.ssoLater ? [{ status: 200, body: detail(options.ssoLater) }] : [])],
    ...(options.lift ? { [LIFT]: options.lift } : {}),
  });
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <OrganizationsAdminSection currentUserRole={options.role} StepUpDialog={FakeStepUp} />
      <Toaster />
    </QueryClientProvider>,
  );
  await user.click(await screen.findByRole('button', { name: 'Open Northwind Clinic' }));
  const section = await screen.findByTestId('organization-detail');
  return { user, calls, section };
}

const liftCalls = (calls: ReturnType<typeof stubApi>) => calls.filter((call) => `${call.method} ${call.url}` === LIFT);

test('shown only to a super admin, and only when single sign-on is required', async () => {
  const required = await openDetail({ role: 'super_admin', sso: 'required' });
  expect(within(required.section).getByText('Single sign-on: required')).toBeInTheDocument();
  expect(within(required.section).getByRole('button', { name: 'Lift SSO requirement' })).toBeInTheDocument();
});

test('an admin who is not a super admin sees the state but not the action', async () => {
  const { section } = await openDetail({ role: 'admin', sso: 'required' });
  expect(within(section).getByText('Single sign-on: required')).toBeInTheDocument();
  expect(within(section).queryByRole('button', { name: 'Lift SSO requirement' })).not.toBeInTheDocument();
});

test('a super admin sees no action when single sign-on is not required', async () => {
  const { section } = await openDetail({ role: 'super_admin', sso: 'optional' });
  expect(within(section).getByText('Single sign-on: set up, not required')).toBeInTheDocument();
  expect(within(section).queryByRole('button', { name: 'Lift SSO requirement' })).not.toBeInTheDocument();
});

test('the reason is required; a stale code asks for a fresh one, then the same reason is sent again, a toast confirms and the organisation is read again', async () => {
  const { user, calls, section } = await openDetail({
    role: 'super_admin',
    sso: 'required',
    ssoLater: 'optional',
    lift: [
      { status: 403, body: { code: 'step_up_required', message: 'For your security, confirm with a current authenticator code (or a backup code) first.' } },
      { status: 200, body: { message: 'Single sign-on is no longer required for Northwind Clinic; 1 owner told by e-mail' } },
    ],
  });
  await user.click(within(section).getByRole('button', { name: 'Lift SSO requirement' }));
  const dialog = screen.getByRole('dialog', { name: 'Lift the SSO requirement of Northwind Clinic?' });
  await user.click(within(dialog).getByRole('button', { name: 'Lift requirement' }));
  expect(await within(dialog).findByRole('alert')).toHaveTextContent('Give the reason');
  expect(liftCalls(calls)).toEqual([]);

  await user.type(within(dialog).getByLabelText(/Reason/), 'Client secret expired, ticket 4711');
  await user.click(within(dialog).getByRole('button', { name: 'Lift requirement' }));
  await user.click(await screen.findByRole('button', { name: 'Fresh code entered' }));

  expect(await screen.findByText('Single sign-on is no longer required for Northwind Clinic; 1 owner told by e-mail')).toBeInTheDocument();
  expect(liftCalls(calls).map((call) => call.body)).toEqual([{ reason: 'Client secret expired, ticket 4711' }, { reason: 'Client secret expired, ticket 4711' }]);
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  // The organisation is read again: the action is gone with the requirement.
  expect(await within(section).findByText('Single sign-on: set up, not required')).toBeInTheDocument();
  expect(within(section).queryByRole('button', { name: 'Lift SSO requirement' })).not.toBeInTheDocument();
});

test('a refusal is told in an error toast', async () => {
  const { user, section } = await openDetail({ role: 'super_admin', sso: 'required', lift: [{ status: 409, body: { code: 'conflict', message: 'Single sign-on is not required for this organisation' } }] });
  await user.click(within(section).getByRole('button', { name: 'Lift SSO requirement' }));
  const dialog = screen.getByRole('dialog', { name: 'Lift the SSO requirement of Northwind Clinic?' });
  await user.type(within(dialog).getByLabelText(/Reason/), 'Ticket 4711');
  await user.click(within(dialog).getByRole('button', { name: 'Lift requirement' }));
  expect(await screen.findByText('SSO requirement not lifted')).toBeInTheDocument();
  expect(screen.getByText('Single sign-on is not required for this organisation')).toBeInTheDocument();
});
