import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { expect, test, vi } from 'vitest';
import { lazyComponent, lazyModule } from './lazy-module.ts';

function Hello({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

test('ADR 126: a module that has already arrived renders at once, without showing the fallback', async () => {
  const module = lazyModule(async () => ({ Hello }));
  await module.load();
  const Lazy = lazyComponent(module, 'Hello');
  render(
    <Suspense fallback={<p>Loading...</p>}>
      <Lazy name="board" />
    </Suspense>,
  );
  // Synchronously after render: no fallback was committed.
  expect(screen.getByText('Hello board')).toBeTruthy();
  expect(screen.queryByText('Loading...')).toBeNull();
});

test('a module still on its way suspends as React.lazy does, and is imported once', async () => {
  let arrive: (value: { Hello: typeof Hello }) => void = () => {};
  const importModule = vi.fn(() => new Promise<{ Hello: typeof Hello }>((resolve) => (arrive = resolve)));
  const module = lazyModule(importModule);
  void module.load();
  const Lazy = lazyComponent(module, 'Hello');
  render(
    <Suspense fallback={<p>Loading...</p>}>
      <Lazy name="board" />
    </Suspense>,
  );
  expect(screen.getByText('Loading...')).toBeTruthy();
  await act(async () => arrive({ Hello }));
  expect(await screen.findByText('Hello board')).toBeTruthy();
  expect(importModule).toHaveBeenCalledOnce();
});

test('a failed import is tried again on the next load, as a fresh import() would be', async () => {
  const importModule = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce({ Hello });
  const module = lazyModule(importModule as () => Promise<{ Hello: typeof Hello }>);
  await expect(module.load()).rejects.toThrow('offline');
  expect(module.loaded).toBeUndefined();
  await expect(module.load()).resolves.toEqual({ Hello });
  expect(module.loaded).toEqual({ Hello });
  expect(importModule).toHaveBeenCalledTimes(2);
});
