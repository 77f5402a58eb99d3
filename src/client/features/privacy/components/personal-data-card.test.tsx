import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, test, vi } from 'vitest';
import type { StepUpDialogComponent } from '@/client/lib/step-up.ts';
import { PersonalDataCard } from './personal-data-card.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const stepUpRefusal = { message: 'For your security, confirm with a current authenticator code first.', code: 'step_up_required' };

const CodeEntered: StepUpDialogComponent = ({ open, onVerified }) =>
  open ? (
    <button type="button" onClick={onVerified}>
      Code accepted
    </button>
  ) : null;

test('deleting the account: the e-mail must match, a stale code asks for a fresh one, then the same request is sent again', async () => {
  const answers = [
    { status: 403, body: stepUpRefusal },
    { status: 200, body: { message: 'Your account and personal data have been deleted.' } },
  ];
  const sent: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      sent.push({ url, body: JSON.parse(String(init?.body)) });
      const answer = answers.shift()!;
      return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  const onDeleted = vi.fn();
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <PersonalDataCard email="lena@larkspur.example" StepUpDialog={CodeEntered} onDeleted={onDeleted} />
    </QueryClientProvider>,
  );

  await user.click(screen.getByRole('button', { name: 'Delete my account' }));
  const dialog = screen.getByRole('dialog', { name: 'Delete your account?' });
  const confirm = within(dialog).getByRole('button', { name: 'Delete my account' });
  await user.type(within(dialog).getByLabelText('Your e-mail address'), 'lena@other.example');
  expect(confirm).toBeDisabled();
  await user.clear(within(dialog).getByLabelText('Your e-mail address'));
  await user.type(within(dialog).getByLabelText('Your e-mail address'), 'Lena@Larkspur.example');
  await user.click(confirm);

  await user.click(await screen.findByRole('button', { name: 'Code accepted' }));
  await vi.waitFor(() => expect(onDeleted).toHaveBeenCalledOnce());
  expect(sent).toEqual([
    { url: '/api/account/delete', body: { confirmEmail: 'Lena@Larkspur.example' } },
    { url: '/api/account/delete', body: { confirmEmail: 'Lena@Larkspur.example' } },
  ]);
});
