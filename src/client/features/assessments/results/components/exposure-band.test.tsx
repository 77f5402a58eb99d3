import { render, screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import type { RiskResult } from '@/engine/risk-result.ts';
import { formatUsd } from '../../shared/lib/format.ts';
import { ExposureBand, PeerAleNote } from './exposure-band.tsx';

// $89.9K a year on $18M revenue, a 1-in-20 year of $390K and a 1-in-100 year of $1.8M: the case that read "Risk: High".
const clinic = {
  annualLoss: { expectedUsd: 89_900, percentilesUsd: { p50: 0, p90: 0, p95: 390_000, p99: 1_800_000 } },
  profile: { annualRevenueUsd: 18_000_000 },
} as unknown as Pick<RiskResult, 'annualLoss' | 'profile'>;

describe('ExposureBand', () => {
  test('rates the dollars against revenue: $89.9K on $18M is Moderate, with the figure that set it', () => {
    render(<ExposureBand result={clinic} appetiteUsd={null} />);
    expect(screen.getByTestId('risk-band')).toHaveTextContent('Risk: Moderate');
    // Two figures reach Moderate (0.5% expected, a 1-in-100 year of 10%); the first one is named.
    expect(screen.getByTestId('risk-band-reason')).toHaveTextContent('because the expected loss is 0.50% of revenue');
  });

  test('an appetite below the 1-in-20 year makes it High and says so', () => {
    render(<ExposureBand result={clinic} appetiteUsd={250_000} />);
    expect(screen.getByTestId('risk-band')).toHaveTextContent('Risk: High');
    expect(screen.getByTestId('risk-band-reason')).toHaveTextContent('because a 1-in-20 year is above the risk appetite');
  });
});

test('the typical peer is labelled a model reference, and left out when the anchor has no loss', () => {
  const { rerender } = render(<PeerAleNote result={{ riskScore: { averageAleUsd: 59_000 } } as Pick<RiskResult, 'riskScore'>} />);
  expect(screen.getByTestId('peer-ale')).toHaveTextContent(
    `${formatUsd(59_000)} (every answer at the middle level, on the same simulated years: a model reference, not other customers' data)`,
  );
  rerender(<PeerAleNote result={{ riskScore: { averageAleUsd: 0 } } as Pick<RiskResult, 'riskScore'>} />);
  expect(screen.queryByTestId('peer-ale')).toBeNull();
});
