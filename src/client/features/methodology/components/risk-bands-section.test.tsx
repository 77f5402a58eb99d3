import { render, screen, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import { APPETITE_FLOORS, REVENUE_SHARE_EDGES } from '@/engine/risk-score.ts';
import { MethodologyContent } from './methodology-content.tsx';

test('the methodology page states the band edges the engine rates with, and the appetite rule', () => {
  render(<MethodologyContent />);
  const table = screen.getByTestId('band-edges');
  const expectedRow = within(table).getByRole('row', { name: /Expected annual loss/ });
  // Each edge of the engine appears as a boundary between two bands: "below 0.1%", "0.1% to 0.25%", ...
  const [first, second, third, fourth] = REVENUE_SHARE_EDGES.expectedUsd.map((edge) => `${Number((edge * 100).toPrecision(3))}%`);
  expect(
    within(expectedRow)
      .getAllByRole('cell')
      .map((c) => c.textContent),
  ).toEqual([`below ${first}`, `${first} to ${second}`, `${second} to ${third}`, `${third} to ${fourth}`, `${fourth} or more`]);
  const hundredRow = within(table).getByRole('row', { name: /A 1-in-100 year/ });
  expect(hundredRow).toHaveTextContent(`${Number((REVENUE_SHARE_EDGES.oneInHundredUsd[3] * 100).toPrecision(3))}% or more`);
  const floors = screen.getByTestId('appetite-floors');
  expect(floors).toHaveTextContent('never rated Low');
  expect(APPETITE_FLOORS.oneInTwentyUsd).toBe('high');
  expect(floors).toHaveTextContent('High when a 1-in-20 year is above it');
});
