import { describe, expect, test } from 'vitest';
import { AcceptRecommendationFormSchema, COST_MESSAGE, DeclineFormSchema, parseCost } from './action-forms.ts';

describe('parseCost', () => {
  test('blank is no figure, whole dollars are kept, anything else is invalid', () => {
    expect(parseCost('')).toBeNull();
    expect(parseCost('   ')).toBeNull();
    expect(parseCost('0')).toBe(0);
    expect(parseCost(' 1200 ')).toBe(1200);
    expect(parseCost('12.5')).toBe('invalid');
    expect(parseCost('-1')).toBe('invalid');
    expect(parseCost('abc')).toBe('invalid');
  });
});

describe('AcceptRecommendationFormSchema', () => {
  test('blank owner and due date become null; the cost becomes a number', () => {
    expect(AcceptRecommendationFormSchema.parse({ ownerId: '', dueDate: '', cost: '4000' })).toEqual({ ownerId: null, dueDate: null, cost: 4000 });
    expect(AcceptRecommendationFormSchema.parse({ ownerId: 'u1', dueDate: '2031-01-15', cost: '' })).toEqual({ ownerId: 'u1', dueDate: '2031-01-15', cost: null });
  });

  test('a cost that is not whole dollars is refused with the message shown under the field', () => {
    const result = AcceptRecommendationFormSchema.safeParse({ ownerId: '', dueDate: '', cost: '-3' });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([expect.objectContaining({ path: ['cost'], message: COST_MESSAGE })]);
  });
});

describe('DeclineFormSchema', () => {
  test('the reason is trimmed and required', () => {
    expect(DeclineFormSchema.parse({ reason: '  too costly  ' })).toEqual({ reason: 'too costly' });
    expect(DeclineFormSchema.safeParse({ reason: '   ' }).error?.issues[0]?.message).toBe('Give a reason for declining');
    expect(DeclineFormSchema.safeParse({ reason: 'x'.repeat(1001) }).success).toBe(false);
  });
});
