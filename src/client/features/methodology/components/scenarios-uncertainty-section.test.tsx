import { render, screen, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import { LOSS_SCENARIOS } from '@/engine/loss-scenarios.ts';
import { MethodologyContent } from './methodology-content.tsx';

test('the methodology page names the five scenarios with what each covers and its share, from the engine', () => {
  render(<MethodologyContent />);
  const table = screen.getByTestId('scenario-definitions');
  const rows = within(table).getAllByRole('row').slice(1);
  expect(rows).toHaveLength(LOSS_SCENARIOS.length);
  for (const s of LOSS_SCENARIOS) {
    const row = within(table).getByRole('rowheader', { name: s.label }).closest('tr')!;
    expect(row).toHaveTextContent(s.description);
    expect(row).toHaveTextContent(`${Number((s.frequencyShare.value * 100).toPrecision(3))}%`);
  }
  // The shares are the frequency split of one incident: they add up to 100%.
  expect(LOSS_SCENARIOS.reduce((sum, s) => sum + s.frequencyShare.value, 0)).toBeCloseTo(1, 9);
});

test('the methodology page explains the range of the model inputs apart from simulation precision, in plain words', () => {
  render(<MethodologyContent />);
  const section = screen.getByTestId('uncertainty-explanation');
  expect(section).toHaveTextContent(/what we don't know about the model's inputs/i);
  expect(section).toHaveTextContent(/10th to 90th percentile/);
  expect(section).toHaveTextContent(/simulation precision/i);
  // The level's own uncertainty: the two sources count different incidents (ADR 264).
  expect(section).toHaveTextContent(/dollar level of an incident.*IRIS.*NetDiligence/i);
  expect(section).toHaveTextContent(/not of the risk/);
  expect(section.textContent).not.toMatch(/\bADR\b|second-order|Latin|parameterUncertainty/);
});
