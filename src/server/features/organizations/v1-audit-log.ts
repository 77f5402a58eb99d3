import { toCsv } from '@/contracts/csv.ts';
import type { V1AuditLogPage, V1AuditLogQuery } from '@/contracts/public-api.ts';
import type { Database } from '../../db/client.ts';
import type { Audit } from '../../lib/audit.ts';
import { AppError } from '../../errors.ts';
import { listOrganizationAudit } from './organization-repository.ts';

/**
 * GET /api/v1/audit-log (ADR 293): the organisation's own log as its owner reads it in the app
 * (listOrganizationAudit), with /admin/audit's filters and an opaque cursor like the other v1 lists.
 */

/** The CSV holds every match up to this many rows, as /admin/audit.csv does. */
export const AUDIT_CSV_MAX_ROWS = 50_000;

const CURSOR_MESSAGE = 'cursor is not valid: pass the nextCursor of the previous page unchanged, or omit it for the first page.';
const PREFIX = 'audit.';

/** The id of a page's last event, as opaque base64url text; its content is not part of the contract. */
function encodeAuditCursor(id: number): string {
  return Buffer.from(`${PREFIX}${id}`, 'utf8').toString('base64url');
}

function decodeAuditCursor(cursor: string): number {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const id = text.startsWith(PREFIX) && /^\d{1,15}$/.test(text.slice(PREFIX.length)) ? Number(text.slice(PREFIX.length)) : Number.NaN;
  if (!Number.isSafeInteger(id))
    throw new AppError('bad_request', CURSOR_MESSAGE, { issues: [{ path: 'cursor', message: CURSOR_MESSAGE }] });
  return id;
}

function filtersOf(query: V1AuditLogQuery) {
  return { action: query.action, actor: query.actor, from: query.from, to: query.to };
}

export async function readAuditPage(options: { db: Database; organizationId: string; query: V1AuditLogQuery }): Promise<V1AuditLogPage> {
  const { db, organizationId, query } = options;
  const afterId = query.cursor === undefined ? undefined : decodeAuditCursor(query.cursor);
  // One more row than asked only tells that another page follows.
  const rows = await listOrganizationAudit(db, organizationId, query.limit + 1, { filters: filtersOf(query), afterId });
  const items = rows.slice(0, query.limit);
  const last = items.at(-1);
  return { items, nextCursor: rows.length > query.limit && last ? encodeAuditCursor(last.id) : null };
}

/** Every matching event as formula-safe CSV; the export itself is audited, as /admin/audit.csv's is. */
export async function exportAuditLogCsv(options: {
  db: Database;
  organizationId: string;
  query: V1AuditLogQuery;
  now: Date;
  audit: Audit;
}): Promise<{ csv: string; fileName: string }> {
  const { db, organizationId, query, now, audit } = options;
  const rows = await listOrganizationAudit(db, organizationId, AUDIT_CSV_MAX_ROWS, { filters: filtersOf(query) });
  await audit({ action: 'organization.audit_exported', organizationId, details: { rows: rows.length, filters: filtersOf(query) } });
  const csv = toCsv([
    ['time_utc', 'action', 'actor', 'target', 'api_token'],
    ...rows.map((row) => [row.at, row.action, row.actorEmail, row.targetEmail, row.apiTokenName]),
  ]);
  return { csv, fileName: `cifer-audit-log-${now.toISOString().slice(0, 10)}.csv` };
}
