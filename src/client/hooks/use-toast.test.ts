import { act, renderHook } from '@testing-library/react';
import { expect, test } from 'vitest';
import { toast, TOAST_LIMIT, TOAST_REMOVE_DELAY_MS, useToast } from './use-toast.ts';

test('only one toast is shown at a time: the newest replaces the last', () => {
  const { result } = renderHook(() => useToast());
  act(() => {
    toast({ title: 'First' });
    toast({ title: 'Second' });
  });
  expect(TOAST_LIMIT).toBe(1);
  expect(TOAST_REMOVE_DELAY_MS).toBe(1_000_000);
  expect(result.current.toasts).toHaveLength(1);
  expect(result.current.toasts[0]?.title).toBe('Second');
});

test('dismissing closes the toast', () => {
  const { result } = renderHook(() => useToast());
  let handle: ReturnType<typeof toast> | undefined;
  act(() => {
    handle = toast({ title: 'Closing' });
  });
  act(() => handle?.dismiss());
  expect(result.current.toasts.find((t) => t.title === 'Closing')?.open).toBe(false);
});
