import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { z } from 'zod';
import { V1AssessmentListItemSchema, V1AssessmentPageSchema, type V1Assessment, type V1AssessmentPage } from '@/contracts/public-api.ts';
import { assessments, users } from '../../db/schema.ts';
import { call } from '../../test/helpers.ts';
import { createCaller, type Caller } from '../../test/organization-members.ts';
import { issueToken, withToken } from '../../test/public-api-support.ts';
import { BUILDS_AN_APP, useSharedTestApp } from '../../test/test-app-hooks.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { LIST_CHANGED_CHANNEL } from './first-page-cache.ts';

/**
 * The public API's first page is kept in process (ADR 251). Each test first proves the page is
 * kept (a change with the database's announcement switched off is not seen), so a change that is
 * then seen was seen because the page was let go, not because nothing was kept.
 */

interface Integration {
  owner: Caller;
  secret: string;
  drafts: V1Assessment[];
}

async function integration(t: TestApp): Promise<Integration> {
  const owner = await createCaller(t);
  const secret = await issueToken(t, owner, { scopes: ['read', 'write'] });
  const drafts: V1Assessment[] = [];
  for (const title of ['Clinic 2025', 'Clinic 2026']) {
    t.clock.advance(1000);
    drafts.push((await withToken(t, secret, 'POST', '/api/v1/assessments', { payload: { title } })).json<V1Assessment>());
  }
  return { owner, secret, drafts };
}

async function firstPage(t: TestApp, secret: string): Promise<V1AssessmentPage['items']> {
  const response = await withToken(t, secret, 'GET', '/api/v1/assessments');
  expect(response.statusCode, response.body).toBe(200);
  return response.json<V1AssessmentPage>().items;
}

const titles = async (t: TestApp, secret: string) => (await firstPage(t, secret)).map((item) => item.title);

/** Switches the database's announcement of list changes off or on (migrations 0014 and 0015). */
async function announcements(t: TestApp, on: boolean) {
  for (const trigger of ['assessments_list_changed', 'assessments_list_changed_by_update']) {
    await t.app.db.execute(sql.raw(`alter table assessments ${on ? 'enable' : 'disable'} trigger ${trigger}`));
  }
}

/**
 * Waits until `t` has heard every announcement committed so far: the drafts' creation is announced
 * too, and heard late it would let go of the page `expectKept` reads. The listener's connection
 * delivers notifications in commit order, and every handler of a channel hears each one in turn.
 */
async function heardEverythingCommitted(t: TestApp) {
  const marker = `marker-${randomUUID()}`;
  let heard = false;
  const listener = await t.app.database.notifications.listen(LIST_CHANGED_CHANNEL, (payload) => { heard ||= payload === marker; }, () => {});
  try {
    await t.app.database.notifications.notify(LIST_CHANGED_CHANNEL, marker);
    await expect.poll(() => heard, { timeout: 5_000, interval: 10 }).toBe(true);
  } finally {
    await listener.unlisten();
  }
}

/** Proof the page is kept: a title changed while the database announces nothing is not seen. */
async function expectKept(t: TestApp, setup: Integration) {
  await heardEverythingCommitted(t);
  const before = await titles(t, setup.secret);
  await announcements(t, false);
  try {
    await t.app.db.update(assessments).set({ title: 'Changed in silence' }).where(eq(assessments.id, setup.drafts[0]!.id));
    expect(await titles(t, setup.secret), 'the second read is answered from memory').toEqual(before);
  } finally {
    await announcements(t, true);
  }
}

/** Reads the first page on `t` every 20 ms until `accepted` holds, for at most a second. */
const expectFirstPage = (t: TestApp, secret: string, accepted: (items: V1AssessmentPage['items']) => boolean) =>
  expect.poll(() => firstPage(t, secret), { timeout: 1_000, interval: 20 }).toSatisfy(accepted);

describe('the public API keeps its first page until it changes (ADR 251)', () => {
  const t = useSharedTestApp();

  test('a change made in the database behind the app is seen by the next read: a title, a removal, an author renamed', BUILDS_AN_APP, async () => {
    const setup = await integration(t);
    await expectKept(t, setup);
    await t.app.db.update(assessments).set({ title: 'Renamed in SQL' }).where(eq(assessments.id, setup.drafts[1]!.id));
    await expectFirstPage(t, setup.secret, (items) => items.some((item) => item.title === 'Renamed in SQL'));

    await expectKept(t, setup);
    await t.app.db.delete(assessments).where(eq(assessments.id, setup.drafts[1]!.id));
    await expectFirstPage(t, setup.secret, (items) => items.every((item) => item.id !== setup.drafts[1]!.id));

    await expectKept(t, setup);
    await t.app.db.update(users).set({ firstName: 'Renamed', lastName: 'Author' }).where(eq(users.id, setup.owner.userId));
    await expectFirstPage(t, setup.secret, (items) => items.every((item) => item.author?.name === 'Renamed Author'));
  });

  test("this instance's own write is seen by its caller's next read without waiting for the database's announcement", BUILDS_AN_APP, async () => {
    const setup = await integration(t);
    await expectKept(t, setup);
    await announcements(t, false);
    try {
      const patched = await withToken(t, setup.secret, 'PATCH', `/api/v1/assessments/${setup.drafts[0]!.id}`, { payload: { title: 'Patched' } });
      expect(patched.statusCode, patched.body).toBe(200);
      expect(await titles(t, setup.secret)).toContain('Patched');

      await firstPage(t, setup.secret);
      const created = await withToken(t, setup.secret, 'POST', '/api/v1/assessments', { payload: { title: 'Created' } });
      expect(created.statusCode, created.body).toBe(201);
      expect(await titles(t, setup.secret)).toContain('Created');

      await firstPage(t, setup.secret);
      const removed = await call(t, setup.owner.cookie, 'DELETE', `/api/assessments/${created.json<V1Assessment>().id}`);
      expect(removed.statusCode, removed.body).toBe(204);
      expect(await titles(t, setup.secret)).not.toContain('Created');
    } finally {
      await announcements(t, true);
    }
  });

  test("a draft's work in progress is not announced (migration 0015); a change the list shows is", BUILDS_AN_APP, async () => {
    const saving = await integration(t);
    const renaming = await integration(t);
    const heard: string[] = [];
    const listener = await t.app.database.notifications.listen(LIST_CHANGED_CHANNEL, (organizationId) => heard.push(organizationId), () => {});
    try {
      // Notifications arrive in commit order: once the later rename is heard, an announcement of the save would have been too.
      await t.app.db.update(assessments).set({ currentStep: 'people', input: sql`input`, updatedAt: new Date() }).where(eq(assessments.id, saving.drafts[0]!.id));
      await t.app.db.update(assessments).set({ title: 'Renamed draft', updatedAt: new Date() }).where(eq(assessments.id, renaming.drafts[0]!.id));
      await expect.poll(() => heard, { timeout: 1_000, interval: 20 }).toContain(renaming.owner.organizationId);
      expect(heard).not.toContain(saving.owner.organizationId);

      await firstPage(t, saving.secret);
      t.clock.advance(1000);
      const saved = await call(t, saving.owner.cookie, 'PATCH', `/api/assessments/${saving.drafts[0]!.id}`, { currentStep: 'protection' });
      expect(saved.statusCode, saved.body).toBe(200);
      const listed = (await firstPage(t, saving.secret)).find((item) => item.id === saving.drafts[0]!.id);
      expect(listed, "the writer's own instance forgets the page as it answers").toMatchObject({ updatedAt: saved.json<{ updatedAt: string }>().updatedAt });

      await t.app.db.update(assessments).set({ status: 'completed', completedAt: new Date() }).where(eq(assessments.id, saving.drafts[1]!.id));
      await expect.poll(() => heard, { timeout: 1_000, interval: 20 }).toContain(saving.owner.organizationId);
    } finally {
      await listener.unlisten();
    }
  });

  test('a later page is always read from the database', BUILDS_AN_APP, async () => {
    const setup = await integration(t);
    const page = (await withToken(t, setup.secret, 'GET', '/api/v1/assessments?limit=1')).json<V1AssessmentPage>();
    const later = async () => (await withToken(t, setup.secret, 'GET', `/api/v1/assessments?limit=1&cursor=${page.nextCursor}`)).json<V1AssessmentPage>().items.map((item) => item.title);
    expect(await later()).toEqual(['Clinic 2025']);
    await announcements(t, false);
    try {
      await t.app.db.update(assessments).set({ title: 'Older, renamed' }).where(eq(assessments.id, setup.drafts[0]!.id));
      expect(await later()).toEqual(['Older, renamed']);
    } finally {
      await announcements(t, true);
    }
  });

  test('a kept answer is the one the database gave, byte for byte: same headers, same items, nothing beyond the schema', BUILDS_AN_APP, async () => {
    const setup = await integration(t);
    await heardEverythingCommitted(t);
    // Announcing an organisation's change lets its page go: the read after it is answered from the database.
    t.app.firstPages.forget(setup.owner.organizationId);
    const fromDatabase = await withToken(t, setup.secret, 'GET', '/api/v1/assessments?limit=1');
    const fromMemory = await withToken(t, setup.secret, 'GET', '/api/v1/assessments?limit=1');
    expect(fromMemory.body).toBe(fromDatabase.body);
    expect(fromMemory.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(fromMemory.headers['content-type']).toBe(fromDatabase.headers['content-type']);
    const page = fromMemory.json<V1AssessmentPage>();
    expect(page.items.map((item) => item.title)).toEqual(['Clinic 2026']);
    expect(page.nextCursor).not.toBeNull();
    // Checked and stripped to the response schema when written: a strict parse finds no other key.
    expect(() => V1AssessmentPageSchema.extend({ items: z.array(V1AssessmentListItemSchema.strict()) }).strict().parse(page)).not.toThrow();
  });

  describe.runIf(Boolean(process.env.DATABASE_URL))('two instances on one PostgreSQL database', () => {
    let second: TestApp;
    beforeAll(async () => {
      second = await createTestApp({}, { sameDatabaseAs: t });
    }, 120_000);
    afterAll(async () => {
      await second.close();
    });

    test("a write through one instance reaches the other's kept page within a second", BUILDS_AN_APP, async () => {
      const setup = await integration(t);
      await expectKept(second, setup);
      const patched = await withToken(t, setup.secret, 'PATCH', `/api/v1/assessments/${setup.drafts[1]!.id}`, { payload: { title: 'Patched on the first' } });
      expect(patched.statusCode, patched.body).toBe(200);
      await expectFirstPage(second, setup.secret, (items) => items.some((item) => item.title === 'Patched on the first'));
    });
  });
});
