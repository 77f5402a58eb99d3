import { describe, expect, test } from 'vitest';
import { addDays, addMonths, nextAnniversary } from './calendar.ts';
import { nextDueDate, scheduleState } from './schedule.ts';

describe('calendar arithmetic of the schedule (UTC dates)', () => {
  test('adding months keeps the day, or takes the last day of a shorter month', () => {
    expect(addMonths('2027-01-31', 1)).toBe('2027-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2027-01-31', 3)).toBe('2027-04-30');
    expect(addMonths('2027-11-15', 3)).toBe('2028-02-15');
    expect(addMonths('2028-02-29', 12)).toBe('2029-02-28');
    expect(addDays('2028-01-10', -14)).toBe('2027-12-27');
  });

  test('the next anniversary is the first one on or after today', () => {
    expect(nextAnniversary('2025-03-01', '2027-01-10')).toBe('2027-03-01');
    expect(nextAnniversary('2025-03-01', '2027-03-01')).toBe('2027-03-01');
    expect(nextAnniversary('2025-03-01', '2027-03-02')).toBe('2028-03-01');
  });

  test('due one cadence after the last assessment; due soon from 14 days before; overdue from the day after', () => {
    const completed = new Date('2027-01-10T23:59:00Z');
    expect(nextDueDate(completed, 'yearly')).toBe('2028-01-10');
    expect(nextDueDate(completed, 'half_yearly')).toBe('2027-07-10');
    expect(nextDueDate(completed, 'quarterly')).toBe('2027-04-10');
    expect(scheduleState(null, '2027-01-01')).toBe('no_assessment');
    expect(scheduleState('2028-01-10', '2027-12-26')).toBe('scheduled');
    expect(scheduleState('2028-01-10', '2027-12-27')).toBe('due_soon');
    expect(scheduleState('2028-01-10', '2028-01-10')).toBe('due_soon');
    expect(scheduleState('2028-01-10', '2028-01-11')).toBe('overdue');
  });
});
