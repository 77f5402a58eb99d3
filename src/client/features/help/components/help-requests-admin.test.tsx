import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import { HelpRequestsAdmin } from './help-requests-admin.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

test('VAL-03 a <script> in a help request shows as text and never becomes an element', async () => {
  const payload = '<script>window.__pwned = true</script><img src=x onerror="window.__pwned = true">';
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(
          JSON.stringify({
            requests: [
              {
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
            ],
          }),
        ),
    ),
  );
  const { container } = render(
    <QueryClientProvider client={new QueryClient()}>
      <HelpRequestsAdmin />
    </QueryClientProvider>,
  );
  expect(await screen.findByTestId('help-request-message')).toHaveTextContent(payload);
  expect(screen.getByRole('heading', { name: '<b>Subject</b>' })).toBeInTheDocument();
  expect(container.querySelector('script, img, b')).toBeNull();
  expect(screen.getByLabelText(/Status of/)).toHaveValue('open');
});
