import { afterEach, expect, test, vi } from 'vitest';
import { announce, ANNOUNCEMENT_TTL_MS } from './announce.ts';

afterEach(() => {
  vi.useRealTimers();
});

test('an announcement is read politely and removed after 1 second', () => {
  vi.useFakeTimers();
  announce('Assessment saved');
  vi.advanceTimersByTime(1);
  const element = document.querySelector('[aria-live="polite"]');
  expect(element?.textContent).toBe('Assessment saved');
  expect(ANNOUNCEMENT_TTL_MS).toBe(1000);
  vi.advanceTimersByTime(ANNOUNCEMENT_TTL_MS);
  expect(document.body.contains(element)).toBe(false);
});
