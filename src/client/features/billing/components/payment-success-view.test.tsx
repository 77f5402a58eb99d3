import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { CheckoutStatus } from '@/contracts/billing.ts';
import { PaymentSuccessView } from './payment-success-view.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderAt(path: string) {
  const { hook, searchHook } = memoryLocation({ path });
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <Router hook={hook} searchHook={searchHook}>
        <PaymentSuccessView />
      </Router>
    </QueryClientProvider>,
  );
}

test('waits for the webhook: "waiting" while the stored checkout is open, "active" only once the server says so', async () => {
  const answers: CheckoutStatus[] = [
    { status: 'open', plan: 'annual', subscriptionStatus: 'none', claimEmail: null, attached: false },
    { status: 'complete', plan: 'annual', subscriptionStatus: 'active', claimEmail: 'b****@northmill.example', attached: false },
  ];
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      urls.push(url);
      return new Response(JSON.stringify(answers[Math.min(urls.length - 1, 1)]));
    }),
  );
  renderAt('/payment-success?session_id=cs_test_abc&status=paid');
  expect(await screen.findByText('Waiting for payment confirmation...')).toBeInTheDocument();
  expect(await screen.findByText('Your subscription is active', {}, { timeout: 4000 })).toBeInTheDocument();
  expect(screen.getByText('b****@northmill.example')).toBeInTheDocument();
  expect(urls.every((url) => url === '/api/billing/checkout/cs_test_abc')).toBe(true);
});

test('without a session id nothing is asked and nothing is claimed', () => {
  const fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  renderAt('/payment-success?status=paid');
  expect(screen.getByText('We could not find this payment')).toBeInTheDocument();
  expect(fetchMock).not.toHaveBeenCalled();
});
