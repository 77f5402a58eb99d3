/**
 * Guards for reading fields of a stored result that older engine versions do not have (ADR 104):
 * a report reads them as unknown values and shows nothing for what is missing or malformed.
 */
export const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
export const isFiniteNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
