import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { MIGRATIONS_DIR } from '../../src/server/db/client.ts';

/**
 * The rolling-upgrade rule of docs/deployment.md ("expand, then contract"): during an upgrade the
 * previous release's instances run on the schema the new release migrated, so a migration may only
 * add. One that removes, renames, retypes or tightens what the previous release reads must say so
 * on a line `-- contract: <the release that stopped using it>`, and ship a release after that one.
 */

const CONTRACTING: { what: string; pattern: RegExp }[] = [
  { what: 'drops a table, column, view or type', pattern: /\bDROP\s+(TABLE|COLUMN|VIEW|TYPE|MATERIALIZED\s+VIEW)\b/i },
  { what: 'renames', pattern: /\bRENAME\s+(COLUMN\b|TO\b|CONSTRAINT\b)/i },
  { what: "changes a column's type", pattern: /\bALTER\s+COLUMN\s+"?\w+"?\s+(SET\s+DATA\s+)?TYPE\b/i },
  { what: 'makes a column required', pattern: /\bSET\s+NOT\s+NULL\b/i },
  { what: 'adds a required column without a default', pattern: /\bADD\s+COLUMN\b(?:(?!;|DEFAULT)[\s\S])*\bNOT\s+NULL\b(?:(?!;|DEFAULT)[\s\S])*;/i },
];

/** What in one migration would break the previous release, unless it is marked as a contraction. */
function contractions(sql: string): string[] {
  if (/^--\s*contract:\s*\S/m.test(sql)) return [];
  return CONTRACTING.filter(({ pattern }) => pattern.test(sql)).map(({ what }) => what);
}

test('the rule tells expanding statements from contracting ones', () => {
  expect(contractions('ALTER TABLE "users" ADD COLUMN "nickname" text;')).toEqual([]);
  expect(contractions('ALTER TABLE "users" ADD COLUMN "tier" integer DEFAULT 0 NOT NULL;')).toEqual([]);
  expect(contractions('CREATE INDEX "users_email_idx" ON "users" ("email");\nDROP TRIGGER t ON users;')).toEqual([]);
  expect(contractions('ALTER TABLE "users" DROP COLUMN "nickname";')).toEqual(['drops a table, column, view or type']);
  expect(contractions('ALTER TABLE "users" RENAME COLUMN "a" TO "b";')).toEqual(['renames']);
  expect(contractions('ALTER TABLE "users" ALTER COLUMN "tier" SET DATA TYPE bigint;')).toEqual(["changes a column's type"]);
  expect(contractions('ALTER TABLE "users" ALTER COLUMN "tier" SET NOT NULL;')).toEqual(['makes a column required']);
  expect(contractions('ALTER TABLE "users" ADD COLUMN "tier" integer NOT NULL;')).toEqual(['adds a required column without a default']);
  expect(contractions('-- contract: 2.1 stopped reading users.nickname\nALTER TABLE "users" DROP COLUMN "nickname";')).toEqual([]);
});

test('every migration only expands, or is marked as a contraction', () => {
  const files = readdirSync(MIGRATIONS_DIR).filter((name) => name.endsWith('.sql'));
  expect(files.length).toBeGreaterThan(10);
  const broken = files.flatMap((name) => contractions(readFileSync(join(MIGRATIONS_DIR, name), 'utf8')).map((what) => `${name} ${what}`));
  expect(broken).toEqual([]);
});
