import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { expect, test, vi } from 'vitest';
import { ApiError } from '@/client/lib/api-client.ts';
import { NEW_VERSION_MESSAGE } from '@/client/lib/client-error-report.ts';
import { ErrorBoundary, ErrorFallback } from './error-fallback.tsx';

const SUPPORT = 'help@operator.example';

test('once the server was told, the fallback says the team has been notified and shows the configured support e-mail', () => {
  render(<ErrorFallback error={new Error('Kaboom')} report="sent" supportEmail={SUPPORT} onReset={() => {}} />);
  expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
  expect(screen.getByText('Our team has been notified.')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: SUPPORT })).toHaveAttribute('href', `mailto:${SUPPORT}`);
  expect(screen.queryByText('Technical details')).not.toBeInTheDocument();
});

test('the fallback claims no notification it did not make', () => {
  const { rerender } = render(<ErrorFallback error={null} report="sending" supportEmail={null} onReset={() => {}} />);
  expect(screen.queryByText(/has been notified/)).not.toBeInTheDocument();
  rerender(<ErrorFallback error={null} report="failed" supportEmail={null} onReset={() => {}} />);
  expect(screen.getByText(/could not notify our team/)).toBeInTheDocument();
  expect(screen.queryByText(/has been notified/)).not.toBeInTheDocument();
  expect(screen.getByText(/please contact support\./)).toBeInTheDocument();
});

test('internals are not shown: a crash says an unexpected error occurred, an API error the server message', () => {
  const { rerender } = render(<ErrorFallback error={new TypeError("Cannot read properties of undefined (reading 'id')")} report="sent" supportEmail={SUPPORT} onReset={() => {}} />);
  expect(screen.getByText('An unexpected error occurred')).toBeInTheDocument();
  expect(screen.queryByText(/reading 'id'/)).not.toBeInTheDocument();
  rerender(<ErrorFallback error={new ApiError(409, '{"message":"This assessment changed meanwhile."}', 'Conflict')} report="sent" supportEmail={SUPPORT} onReset={() => {}} />);
  expect(screen.getByText('This assessment changed meanwhile.')).toBeInTheDocument();
});

test('a script that failed to load (a page older than the deployment) is told to reload, with Reload Page first', () => {
  render(<ErrorFallback error={new TypeError('Failed to fetch dynamically imported module: http://127.0.0.1:5000/assets/auth-page-1a2b3c.js')} report="sent" supportEmail={SUPPORT} onReset={() => {}} />);
  expect(screen.getByText(NEW_VERSION_MESSAGE)).toBeInTheDocument();
  expect(screen.queryByText(/127\.0\.0\.1|dynamically imported/)).not.toBeInTheDocument();
  expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(['Reload Page', 'Try Again', 'Go Home']);
});

test('technical details appear only when the flag is set', () => {
  render(<ErrorFallback error={new Error('Kaboom')} componentStack="at Widget" showDetails report="sent" supportEmail={SUPPORT} onReset={() => {}} />);
  expect(screen.getByText('Technical details')).toBeInTheDocument();
  expect(screen.getByText('at Widget')).toBeInTheDocument();
});

test('Reload Page and Go Home call their actions', async () => {
  const onReload = vi.fn();
  const onGoHome = vi.fn();
  render(<ErrorFallback error={new Error('x')} report="sent" supportEmail={SUPPORT} onReset={() => {}} onReload={onReload} onGoHome={onGoHome} />);
  await userEvent.click(screen.getByRole('button', { name: 'Reload Page' }));
  await userEvent.click(screen.getByRole('button', { name: 'Go Home' }));
  expect(onReload).toHaveBeenCalledOnce();
  expect(onGoHome).toHaveBeenCalledOnce();
});

function Bomb({ explode }: { explode: boolean }) {
  if (explode) throw new Error('Widget crashed');
  return <p>All good</p>;
}

test('the boundary reports the crash once, says so when the report went through, and goes back to normal on Try Again', async () => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  const report = vi.fn(async () => SUPPORT);
  function Harness() {
    const [explode, setExplode] = useState(true);
    return (
      <>
        <button onClick={() => setExplode(false)}>defuse</button>
        <ErrorBoundary report={report}>
          <Bomb explode={explode} />
        </ErrorBoundary>
      </>
    );
  }
  render(<Harness />);
  expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
  expect(await screen.findByText('Our team has been notified.')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: SUPPORT })).toBeInTheDocument();
  expect(report).toHaveBeenCalledOnce();
  expect(report).toHaveBeenCalledWith(expect.objectContaining({ message: 'Widget crashed' }));
  await userEvent.click(screen.getByRole('button', { name: 'defuse' }));
  await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
  expect(screen.getByText('All good')).toBeInTheDocument();
});

test('a report the server never got is not called a notification', async () => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  render(
    <ErrorBoundary report={async () => null}>
      <Bomb explode />
    </ErrorBoundary>,
  );
  expect(await screen.findByText(/could not notify our team/)).toBeInTheDocument();
  expect(screen.queryByText(/has been notified/)).not.toBeInTheDocument();
});
