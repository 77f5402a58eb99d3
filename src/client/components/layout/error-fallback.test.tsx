import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { expect, test, vi } from 'vitest';
import { SUPPORT_EMAIL } from '@/client/lib/constants.ts';
import { ErrorBoundary, ErrorFallback } from './error-fallback.tsx';

test('the fallback shows the spec texts, the error message and the support e-mail', () => {
  render(<ErrorFallback error={new Error('Kaboom')} onReset={() => {}} />);
  expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
  expect(screen.getByText(/team has been notified/)).toBeInTheDocument();
  expect(screen.getByText('Kaboom')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: SUPPORT_EMAIL })).toHaveAttribute('href', `mailto:${SUPPORT_EMAIL}`);
  expect(screen.queryByText('Technical details')).not.toBeInTheDocument();
});

test('without a message the fallback says an unexpected error occurred', () => {
  render(<ErrorFallback error={null} onReset={() => {}} />);
  expect(screen.getByText('An unexpected error occurred')).toBeInTheDocument();
});

test('technical details appear only when the flag is set', () => {
  render(<ErrorFallback error={new Error('Kaboom')} componentStack="at Widget" showDetails onReset={() => {}} />);
  expect(screen.getByText('Technical details')).toBeInTheDocument();
  expect(screen.getByText('at Widget')).toBeInTheDocument();
});

test('Reload Page and Go Home call their actions', async () => {
  const onReload = vi.fn();
  const onGoHome = vi.fn();
  render(<ErrorFallback error={new Error('x')} onReset={() => {}} onReload={onReload} onGoHome={onGoHome} />);
  await userEvent.click(screen.getByRole('button', { name: 'Reload Page' }));
  await userEvent.click(screen.getByRole('button', { name: 'Go Home' }));
  expect(onReload).toHaveBeenCalledOnce();
  expect(onGoHome).toHaveBeenCalledOnce();
});

function Bomb({ explode }: { explode: boolean }) {
  if (explode) throw new Error('Widget crashed');
  return <p>All good</p>;
}

test('the boundary goes normal → error screen → Try Again → normal', async () => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  function Harness() {
    const [explode, setExplode] = useState(true);
    return (
      <>
        <button onClick={() => setExplode(false)}>defuse</button>
        <ErrorBoundary>
          <Bomb explode={explode} />
        </ErrorBoundary>
      </>
    );
  }
  render(<Harness />);
  expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
  expect(screen.getByText('Widget crashed')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'defuse' }));
  await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
  expect(screen.getByText('All good')).toBeInTheDocument();
});
