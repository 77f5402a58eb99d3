import { expect, test } from 'vitest';
import { createPaymentRule, hasSubscriptionAccess } from './entitlement.ts';

const now = new Date('2026-03-01T12:00:00Z');
const later = new Date('2026-03-08T12:00:00Z');
const earlier = new Date('2026-02-20T12:00:00Z');

test('access rule (ADR 132): active and trialing pass, past due only until its grace end, others never', () => {
  expect(hasSubscriptionAccess('active', null, now)).toBe(true);
  expect(hasSubscriptionAccess('trialing', null, now)).toBe(true);
  expect(hasSubscriptionAccess('past_due', later, now)).toBe(true);
  expect(hasSubscriptionAccess('past_due', now, now)).toBe(false);
  expect(hasSubscriptionAccess('past_due', null, now)).toBe(false);
  expect(hasSubscriptionAccess('active', earlier, now)).toBe(false);
  expect(hasSubscriptionAccess('active', later, now)).toBe(true);
  for (const status of ['none', 'incomplete', 'canceled', 'anything']) expect(hasSubscriptionAccess(status, later, now)).toBe(false);
});

test('the payment rule: with billing required an ordinary user pays until the organisation has access; staff never; without billing nobody', () => {
  const required = createPaymentRule(true);
  const unpaid = { subscriptionStatus: 'none', subscriptionAccessUntil: null };
  expect(required({ role: 'user', ...unpaid }, now)).toBe(true);
  expect(required({ role: 'user', subscriptionStatus: 'active', subscriptionAccessUntil: null }, now)).toBe(false);
  expect(required({ role: 'user', subscriptionStatus: 'active', subscriptionAccessUntil: earlier }, now)).toBe(true);
  expect(required({ role: 'admin', ...unpaid }, now)).toBe(false);
  expect(required({ role: 'super_admin', ...unpaid }, now)).toBe(false);
  expect(createPaymentRule(false)({ role: 'user', ...unpaid }, now)).toBe(false);
});
