import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test, vi } from 'vitest';
import type { RiskProfile } from '@/contracts/risk-profile.ts';
import { RiskProfileForm } from './risk-profile-form.tsx';

const EMPTY: RiskProfile = { policy: null, appetiteUsd: null, updatedAt: null };

test('saves a policy with sub-limits and an appetite typed with separators', async () => {
  const onSave = vi.fn().mockResolvedValue(undefined);
  const user = userEvent.setup();
  render(<RiskProfileForm profile={EMPTY} canEdit isSaving={false} onSave={onSave} />);
  await user.type(screen.getByLabelText(/loss in a year we can absorb/i), '400,000');
  await user.type(screen.getByLabelText(/security budget a year/i), '60,000');
  await user.click(screen.getByLabelText(/we have a cyber-insurance policy/i));
  await user.type(screen.getByLabelText(/aggregate limit/i), '$1,000,000');
  await user.type(screen.getByLabelText(/retention/i), '25000');
  await user.type(screen.getByLabelText(/co-insurance/i), '10');
  await user.type(screen.getByLabelText(/ransomware and extortion/i), '250,000');
  await user.click(screen.getByRole('button', { name: /save insurance and appetite/i }));
  await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
  expect(onSave).toHaveBeenCalledWith({
    policy: {
      limitUsd: 1_000_000,
      retentionUsd: 25_000,
      coinsuranceShare: 0.1,
      subLimits: { ransomware: 250_000, fundsTransferFraud: null, regulatoryFines: null },
    },
    appetiteUsd: 400_000,
    budgetUsd: 60_000,
  });
});

test('refuses what the server would refuse, next to the field, and does not save', async () => {
  const onSave = vi.fn();
  const user = userEvent.setup();
  render(<RiskProfileForm profile={EMPTY} canEdit isSaving={false} onSave={onSave} />);
  await user.click(screen.getByLabelText(/we have a cyber-insurance policy/i));
  await user.type(screen.getByLabelText(/aggregate limit/i), '100000');
  await user.type(screen.getByLabelText(/regulatory fines/i), '500000');
  await user.type(screen.getByLabelText(/loss in a year we can absorb/i), 'lots');
  await user.click(screen.getByRole('button', { name: /save insurance and appetite/i }));
  expect(
    await screen.findByText(/regulatory fines and penalties sub-limit cannot be larger than the aggregate limit/i),
  ).toBeInTheDocument();
  expect(screen.getByText(/enter an amount in whole dollars/i)).toBeInTheDocument();
  expect(screen.getByLabelText(/regulatory fines/i)).toHaveAttribute('aria-invalid', 'true');
  expect(onSave).not.toHaveBeenCalled();
});

test('a viewer sees the figures but cannot change them', () => {
  render(
    <RiskProfileForm
      profile={{ policy: null, appetiteUsd: 250_000, updatedAt: '2026-11-01T00:00:00.000Z' }}
      canEdit={false}
      isSaving={false}
      onSave={vi.fn()}
    />,
  );
  expect(screen.getByLabelText(/loss in a year we can absorb/i)).toHaveValue('250,000');
  expect(screen.getByLabelText(/loss in a year we can absorb/i)).toBeDisabled();
  expect(screen.queryByRole('button', { name: /save/i })).toBeNull();
  expect(screen.getByText(/read-only/i)).toBeInTheDocument();
});
