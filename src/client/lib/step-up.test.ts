import { expect, test } from 'vitest';
import { ApiError } from './api-client.ts';
import { isStepUpRefusal } from './step-up.ts';

test('only a 403 with the step_up_required code asks for a fresh verification', () => {
  expect(isStepUpRefusal(new ApiError(403, JSON.stringify({ code: 'step_up_required', message: 'Confirm' }), 'Forbidden'))).toBe(true);
  expect(isStepUpRefusal(new ApiError(403, JSON.stringify({ code: 'forbidden', message: 'No' }), 'Forbidden'))).toBe(false);
  expect(isStepUpRefusal(new ApiError(401, JSON.stringify({ code: 'step_up_required' }), 'Unauthorized'))).toBe(false);
  expect(isStepUpRefusal(new ApiError(403, 'not json', 'Forbidden'))).toBe(false);
  expect(isStepUpRefusal(new ApiError(403, 'null', 'Forbidden'))).toBe(false);
  expect(isStepUpRefusal(new Error('step_up_required'))).toBe(false);
});
