import { parse, type Filter } from 'scim2-parse-filter';
import { SCIM_SCHEMAS } from '@/contracts/scim.ts';
import { ScimError } from './scim-errors.ts';

/**
 * Querying a SCIM collection (RFC 7644 section 3.4.2, ADR 296): the `filter` parameter, parsed by
 * scim2-parse-filter, narrowed to the equality tests identity providers send to find someone
 * (`userName eq "…"`, `displayName eq "…"`); paging by startIndex (1-based) and count; the
 * ListResponse it is answered with.
 */

export const DEFAULT_PAGE_SIZE = 100;
export const MAX_PAGE_SIZE = 200;

export interface EqualityFilter<A extends string> {
  attribute: A;
  value: string;
}

/** The one `attribute eq "value"` test a filter may be, with the attribute named as the resource names it. */
export function parseEqualityFilter<A extends string>(raw: unknown, attributes: readonly A[]): EqualityFilter<A> | null {
  if (raw === undefined || raw === '') return null;
  const supported = `Filter with ${attributes.map((attribute) => `${attribute} eq "…"`).join(' or ')}.`;
  if (typeof raw !== 'string' || raw.length > 1000) throw new ScimError(400, supported, 'invalidFilter');
  let filter: Filter;
  try {
    filter = parse(raw);
  } catch {
    throw new ScimError(400, `The filter could not be read. ${supported}`, 'invalidFilter');
  }
  if (filter.op !== 'eq' || !('compValue' in filter) || typeof filter.compValue !== 'string') throw new ScimError(400, supported, 'invalidFilter');
  const named = filter.attrPath.replace(/^urn:ietf:params:scim:schemas:core:2\.0:(User|Group):/i, '').toLowerCase();
  const attribute = attributes.find((candidate) => candidate.toLowerCase() === named);
  if (!attribute) throw new ScimError(400, supported, 'invalidFilter');
  return { attribute, value: filter.compValue };
}

function positiveInteger(raw: unknown, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (typeof raw !== 'string' || !Number.isInteger(value)) throw new ScimError(400, 'startIndex and count must be whole numbers.', 'invalidValue');
  return value;
}

export interface Page {
  startIndex: number;
  count: number;
}

/** RFC 7644 section 3.4.2.4: a startIndex below 1 is 1, a negative count is 0. */
export function readPage(query: Record<string, unknown>): Page {
  return {
    startIndex: Math.max(1, positiveInteger(query['startIndex'], 1)),
    count: Math.min(MAX_PAGE_SIZE, Math.max(0, positiveInteger(query['count'], DEFAULT_PAGE_SIZE))),
  };
}

export function listResponse<T>(all: T[], page: Page) {
  const resources = all.slice(page.startIndex - 1, page.startIndex - 1 + page.count);
  return { schemas: [SCIM_SCHEMAS.listResponse], totalResults: all.length, startIndex: page.startIndex, itemsPerPage: resources.length, Resources: resources };
}

/** Whether `excludedAttributes` names the attribute (identity providers leave out groups' members). */
export function excludes(query: Record<string, unknown>, attribute: string): boolean {
  const raw = query['excludedAttributes'];
  return typeof raw === 'string' && raw.split(',').some((name) => name.trim().toLowerCase() === attribute.toLowerCase());
}
