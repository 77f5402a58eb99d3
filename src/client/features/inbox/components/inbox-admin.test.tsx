import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import { InboxAdmin } from './inbox-admin.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

test('VAL-03 one inbox: a <script> in a help request shows as text and never becomes an element, beside a consultation request with its own statuses', async () => {
  const payload = '<script>window.__pwned = true</script><img src=x onerror="window.__pwned = true">';
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(
          JSON.stringify({
            requests: [
              {
                kind: 'help',
                id: 'h1',
                category: 'other',
                subject: '<b>Subject</b>',
                message: payload,
                userEmail: 'priya@northmill.example',
                userName: 'Priya Raman',
                status: 'open',
                createdAt: '2025-03-01T10:00:00.000Z',
                updatedAt: '2025-03-01T10:00:00.000Z',
              },
              {
                kind: 'consultation',
                id: 'c1',
                name: 'Dana Whitfield',
                email: 'dana@harborclinic.example',
                company: '<i>Harbor</i>',
                companySize: '100-249',
                industry: 'healthcare',
                service: 'retainer',
                message: '',
                status: 'contacted',
                createdAt: '2025-02-01T10:00:00.000Z',
              },
            ],
          }),
        ),
    ),
  );
  const { container } = render(
    <QueryClientProvider client={new QueryClient()}>
      <InboxAdmin />
    </QueryClientProvider>,
  );
  expect(await screen.findByTestId('inbox-message')).toHaveTextContent(payload);
  expect(screen.getByRole('heading', { name: '<b>Subject</b>' })).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: '<i>Harbor</i> · Dana Whitfield' })).toBeInTheDocument();
  expect(container.querySelector('script, img, b, i')).toBeNull();
  expect(screen.getByLabelText('Status of “<b>Subject</b>”')).toHaveValue('open');
  const consultationStatus = screen.getByLabelText('Status of the request from <i>Harbor</i>');
  expect(consultationStatus).toHaveValue('contacted');
  expect([...consultationStatus.querySelectorAll('option')].map((option) => option.textContent)).toEqual(['New', 'Contacted', 'Closed']);
});
