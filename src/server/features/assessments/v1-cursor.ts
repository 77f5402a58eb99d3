import type { AssessmentListPosition } from '../../db/repositories/assessments.ts';
import { AppError } from '../../errors.ts';

/**
 * The cursor of GET /api/v1/assessments: the (creation time, id) of a page's last row, as opaque
 * base64url text. Clients pass it back unchanged; its content is not part of the contract.
 */
const CURSOR_MESSAGE = 'cursor is not valid: pass the nextCursor of the previous page unchanged, or omit it for the first page.';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function encodeCursor(position: { createdAt: string; id: string }): string {
  return Buffer.from(`${Date.parse(position.createdAt)}.${position.id}`, 'utf8').toString('base64url');
}

/** The position a cursor names; 400 for anything this app did not write. */
export function decodeCursor(cursor: string): AssessmentListPosition {
  const [millis = '', id = '', ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('.');
  const createdAt = new Date(Number(millis));
  if (rest.length > 0 || !/^\d{1,15}$/.test(millis) || Number.isNaN(createdAt.getTime()) || !UUID.test(id)) {
    throw new AppError('bad_request', CURSOR_MESSAGE, { issues: [{ path: 'cursor', message: CURSOR_MESSAGE }] });
  }
  return { createdAt, id };
}
