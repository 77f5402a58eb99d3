import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeAll, expect, test, vi } from 'vitest';
import { Toaster } from '@/client/components/ui/toaster.tsx';
import { HelpDialog } from './help-dialog.tsx';

function Harness({ client }: { client: QueryClient }) {
  const [open, setOpen] = useState(true);
  return (
    <QueryClientProvider client={client}>
      <button type="button" onClick={() => setOpen(true)}>
        Open help
      </button>
      <HelpDialog open={open} onOpenChange={setOpen} />
      <Toaster />
    </QueryClientProvider>
  );
}

function setup(response: () => Promise<Response>) {
  const fetchMock = vi.fn(response);
  vi.stubGlobal('fetch', fetchMock);
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  client.setQueryData(['/api/auth/user'], {
    id: 'u1',
    email: 'priya@northmill.example',
    firstName: 'Priya',
    lastName: 'Raman',
    role: 'user',
  });
  render(<Harness client={client} />);
  return fetchMock;
}

// The dialog loads its form on demand; load it once up front so the first test does not pay
// for compiling it inside its own time limit.
beforeAll(async () => {
  await import('./help-request-form.tsx');
}, 60_000);

afterEach(() => {
  vi.unstubAllGlobals();
});

async function fill(user: ReturnType<typeof userEvent.setup>) {
  await user.selectOptions(await screen.findByLabelText(/Category/), 'login');
  await user.type(screen.getByLabelText(/Subject/), 'Cannot sign in');
  await user.type(screen.getByLabelText(/Message/), 'My code is rejected.');
}

test('states the response time and lists the five categories with their labels', async () => {
  setup(async () => new Response('{}'));
  expect(screen.getByRole('heading', { name: 'Get Help & Support' })).toBeInTheDocument();
  expect(screen.getByText(/about 24 hours on business days/)).toBeInTheDocument();
  const options = Array.from((await screen.findByLabelText(/Category/)).querySelectorAll('option')).map((o) => o.textContent);
  expect(options).toEqual(['Select a category', 'Login Issues', 'Navigation Help', 'Password Reset', 'Expert Consultation', 'Other']);
});

test("missing fields: destructive 'Missing Information' toast and nothing is sent", async () => {
  const user = userEvent.setup();
  const fetchMock = setup(async () => new Response('{}'));
  await user.type(await screen.findByLabelText(/Subject/), 'Only a subject');
  await user.click(screen.getByRole('button', { name: 'Send Request' }));
  expect(await screen.findByText('Missing Information')).toBeInTheDocument();
  expect(screen.getByText('Please fill in all required fields.')).toBeInTheDocument();
  expect(fetchMock).not.toHaveBeenCalled();
});

test("sends the spec payload, shows 'Sending...' while pending, then the success toast, closes and clears", async () => {
  const user = userEvent.setup();
  let resolve: (response: Response) => void = () => {};
  const fetchMock = setup(() => new Promise<Response>((r) => (resolve = r)));
  await fill(user);
  await user.click(screen.getByRole('button', { name: 'Send Request' }));
  expect(await screen.findByRole('button', { name: 'Sending...' })).toBeDisabled();
  const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
  expect(url).toBe('/api/help/submit');
  expect(JSON.parse(String(init.body))).toEqual({
    category: 'login',
    subject: 'Cannot sign in',
    message: 'My code is rejected.',
    userEmail: 'priya@northmill.example',
    userName: 'Priya Raman',
  });
  resolve(new Response(JSON.stringify({ id: 'h1', message: 'ok' }), { status: 201 }));
  expect(await screen.findByText('Help Request Sent')).toBeInTheDocument();
  expect(screen.getByText("Your help request has been sent to our support team. We'll get back to you soon!")).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByRole('heading', { name: 'Get Help & Support' })).not.toBeInTheDocument());
  await user.click(screen.getByRole('button', { name: 'Open help' }));
  expect(await screen.findByLabelText(/Subject/)).toHaveValue('');
});

test("a failed send shows the 'Submission Failed' toast and keeps the form", async () => {
  const user = userEvent.setup();
  const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
  setup(async () => new Response('{"message":"boom"}', { status: 500 }));
  await fill(user);
  await user.click(screen.getByRole('button', { name: 'Send Request' }));
  expect(await screen.findByText('Submission Failed')).toBeInTheDocument();
  expect(screen.getByText('Failed to send help request. Please try again or contact support directly.')).toBeInTheDocument();
  expect(screen.getByLabelText(/Subject/)).toHaveValue('Cannot sign in');
  expect(consoleError).toHaveBeenCalled();
  consoleError.mockRestore();
});
