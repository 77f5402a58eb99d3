import { act, render, screen } from '@testing-library/react';
import { lazy, Suspense } from 'react';
import { afterEach, expect, test } from 'vitest';
import { readResetToken, useResetToken } from './use-reset-token.ts';

afterEach(() => window.history.replaceState(null, '', '/'));

test('the reset token comes from the fragment, else from the query of older links', () => {
  expect(readResetToken('#token=frag', '')).toBe('frag');
  expect(readResetToken('', '?token=query')).toBe('query');
  expect(readResetToken('#token=frag', '?token=query')).toBe('frag');
  expect(readResetToken('#token=', '?token=query')).toBe('query');
  expect(readResetToken('', '')).toBeNull();
});

/** A child whose chunk is still on its way (`React.lazy`, as pages load): the first render of the page is thrown away. */
function childStillLoading() {
  let arrive: () => void = () => {};
  const Child = lazy(() => new Promise<{ default: () => null }>((resolve) => (arrive = () => resolve({ default: () => null }))));
  return { Child, arrive: () => arrive() };
}

test('a render React throws away does not lose the token: the page that commits still has it, and only then is the address cleaned', async () => {
  window.history.replaceState(null, '', '/reset-password#token=abc123');
  const { Child, arrive } = childStillLoading();
  function Page() {
    const token = useResetToken();
    return (
      <>
        <p>token: {token ?? 'none'}</p>
        <Child />
      </>
    );
  }
  render(
    <Suspense fallback={<p>loading</p>}>
      <Page />
    </Suspense>,
  );
  expect(screen.getByText('loading')).toBeInTheDocument();
  expect(window.location.hash).toBe('#token=abc123');

  await act(async () => arrive());
  expect(screen.getByText('token: abc123')).toBeInTheDocument();
  expect(window.location.pathname).toBe('/reset-password');
  expect(window.location.hash).toBe('');
});

test('an address without a token is left as it is', () => {
  window.history.replaceState(null, '', '/reset-password?utm=mail');
  function Page() {
    return <p>token: {useResetToken() ?? 'none'}</p>;
  }
  render(<Page />);
  expect(screen.getByText('token: none')).toBeInTheDocument();
  expect(window.location.search).toBe('?utm=mail');
});
