import { describe, expect, test } from 'vitest';
import type { V1AuditLogPage } from '@/contracts/public-api.ts';
import { recordAudit } from '../lib/audit.ts';
import { createCaller, type Caller } from './organization-members.ts';
import { issueToken, withToken } from './public-api-support.ts';
import { BUILDS_AN_APP, useSharedTestApp } from './test-app-hooks.ts';
import type { TestApp } from './test-app.ts';

/** GET /api/v1/audit-log (ADR 293): the organisation's own log, filtered, paged by an opaque cursor, and as CSV. */

const t = useSharedTestApp();

/** Five `probe.step` events on 1-5 March 2026 by the owner, and one `probe.other` by nobody, in the caller's organisation. */
async function seedEvents(app: TestApp, owner: Caller): Promise<void> {
  for (let day = 1; day <= 5; day += 1) {
    await recordAudit(app.app.db, new Date(`2026-03-0${day}T12:00:00Z`), {
      action: 'probe.step',
      actorUserId: owner.userId,
      organizationId: owner.homeOrganizationId,
      details: { day },
    });
  }
  await recordAudit(app.app.db, new Date('2026-03-03T13:00:00Z'), { action: 'probe.other', organizationId: owner.homeOrganizationId });
}

async function page(secret: string, query: string): Promise<V1AuditLogPage> {
  const response = await withToken(t, secret, 'GET', `/api/v1/audit-log?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<V1AuditLogPage>();
}

describe('/api/v1/audit-log', BUILDS_AN_APP, () => {
  test('filters by action, actor and dates, and pages through every match once with the cursor', async () => {
    const owner = await createCaller(t);
    await seedEvents(t, owner);
    const reader = await issueToken(t, owner, { scopes: ['read'] });

    const seen: string[] = [];
    let cursor: string | null = '';
    for (let pages = 0; cursor !== null; pages += 1) {
      expect(pages).toBeLessThan(5);
      const next: V1AuditLogPage = await page(reader, `action=probe.step&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(next.items.length).toBeLessThanOrEqual(2);
      seen.push(...next.items.map((item) => item.at));
      cursor = next.nextCursor;
    }
    expect(seen).toEqual([5, 4, 3, 2, 1].map((day) => `2026-03-0${day}T12:00:00.000Z`));

    const dated = await page(reader, 'action=probe.&from=2026-03-02&to=2026-03-03');
    expect(dated.items.map((item) => `${item.action} ${item.at}`)).toEqual([
      'probe.other 2026-03-03T13:00:00.000Z',
      'probe.step 2026-03-03T12:00:00.000Z',
      'probe.step 2026-03-02T12:00:00.000Z',
    ]);
    const byActor = await page(reader, `action=probe&actor=${encodeURIComponent(owner.email.slice(0, 6))}`);
    expect(byActor.items).toHaveLength(5);
    expect(new Set(byActor.items.map((item) => item.actorEmail))).toEqual(new Set([owner.email]));
  });

  test('answers CSV for Accept: text/csv and at .csv, with the filters applied, and audits the export', async () => {
    const owner = await createCaller(t);
    await seedEvents(t, owner);
    const reader = await issueToken(t, owner, { scopes: ['read'] });
    const asked = await withToken(t, reader, 'GET', '/api/v1/audit-log?action=probe.step&from=2026-03-04', {
      headers: { accept: 'text/csv' },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.headers['content-type']).toMatch(/^text\/csv/);
    const lines = asked.body.trim().split('\r\n');
    expect(lines[0]).toBe('time_utc,action,actor,target,api_token');
    expect(lines.slice(1).map((line) => line.split(',').slice(0, 3).join(','))).toEqual([
      `2026-03-05T12:00:00.000Z,probe.step,${owner.email}`,
      `2026-03-04T12:00:00.000Z,probe.step,${owner.email}`,
    ]);
    const file = await withToken(t, reader, 'GET', '/api/v1/audit-log.csv?action=probe.other');
    expect(file.statusCode, file.body).toBe(200);
    expect(file.headers['content-disposition']).toMatch(/attachment; filename="cifer-audit-log-/);
    expect(file.body.trim().split('\r\n')).toHaveLength(2);
    const exports = await page(reader, 'action=organization.audit_exported');
    expect(exports.items.map((item) => item.apiTokenName)).toEqual(['Public API test', 'Public API test']);
  });

  test('refuses a forged cursor or a bad date (400), a member (403), and shows nothing of another organisation', async () => {
    const owner = await createCaller(t);
    await seedEvents(t, owner);
    const reader = await issueToken(t, owner, { scopes: ['read'] });
    const forged = await withToken(t, reader, 'GET', '/api/v1/audit-log?cursor=bm90LWEtY3Vyc29y');
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toMatchObject({ code: 'bad_request', message: expect.stringContaining('cursor is not valid') });
    const badDate = await withToken(t, reader, 'GET', '/api/v1/audit-log?from=March');
    expect(badDate.statusCode).toBe(400);
    expect(badDate.body).toContain('Use a date like 2026-01-31');

    const member = await createCaller(t, { organizationId: owner.homeOrganizationId, organizationRole: 'member' });
    const memberToken = await issueToken(t, member);
    expect((await withToken(t, memberToken, 'GET', '/api/v1/audit-log.csv')).statusCode).toBe(403);

    const cursor = (await page(reader, 'action=probe.step&limit=1')).nextCursor;
    const stranger = await issueToken(t, await createCaller(t));
    expect((await page(stranger, 'action=probe.')).items).toEqual([]);
    // Another organisation's position names nothing here: an empty page, never its events.
    expect(await page(stranger, `cursor=${cursor}`)).toEqual({ items: [], nextCursor: null });
  });
});
