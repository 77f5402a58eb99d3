import { z } from 'zod';

/**
 * The one rule for every text field the API takes (ADR 170): PostgreSQL `text` and `jsonb`
 * refuse the NUL character and UTF-16 lone surrogates are not Unicode text, so both are refused at
 * the edge with a 400 naming the field, on PGlite and PostgreSQL alike, instead of failing in the
 * database. Build every input string from `text()`; chain `.trim()`, `.min()`, `.max()` as usual.
 */
export const INVALID_TEXT_MESSAGE = 'Must not contain NUL characters or invalid Unicode (unpaired surrogates)';

// NUL, a high surrogate not followed by a low one, or a low surrogate not preceded by a high one.
// eslint-disable-next-line no-control-regex -- matching NUL is the point of this pattern
const NUL_OR_LONE_SURROGATE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when the value can be stored in a PostgreSQL text or jsonb column as it is. */
export function isStorableText(value: string): boolean {
  return !NUL_OR_LONE_SURROGATE.test(value);
}

/** A string schema that refuses NUL and lone surrogates first (the other checks do not run on such a value). */
export function text(message: string = INVALID_TEXT_MESSAGE) {
  return z.string().refine(isStorableText, { message, abort: true });
}
