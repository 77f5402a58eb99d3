import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { expect, test } from 'vitest';

/**
 * ADR 143 made literal: what a session carries is cached in every instance (ADR 173), so a write to
 * it that does not clear the cache would leave sessions acting on stale facts for up to 30 s. Only
 * src/server/sessions writes these facts (each writer clears the cache itself); features call those
 * writers. This test reads every server module and refuses a write to a cached fact anywhere else.
 *
 * The facts are what `readSessionAuthRow` in src/server/sessions/session-store.ts selects, and the
 * API token and OAuth grant columns its token twins read (ADR 243, ADR 294). A table
 * mapped to 'every-write' may not be updated, upserted or deleted at all outside sessions; otherwise
 * only the listed columns are guarded. Inserting a new row is allowed: no session has cached it yet.
 */
const CACHED_FACTS: Record<string, 'every-write' | readonly string[]> = {
  sessions: 'every-write',
  backupCodes: 'every-write',
  memberships: 'every-write',
  users: ['email', 'firstName', 'lastName', 'role', 'status', 'isPartner', 'organizationId'],
  userMfa: ['totpEnabledAt', 'totpSecretEnc'],
  organizations: ['subscriptionStatus', 'subscriptionAccessUntil', 'deletionRequestedAt', 'deletionScheduledFor'],
  // What `tokenRowQuery` in src/server/sessions/api-token-auth.ts reads: token calls share the cache (ADR 243).
  apiTokens: ['kind', 'userId', 'organizationId', 'name', 'tokenHash', 'scopes', 'expiresAt', 'revokedAt'],
  // What `accessTokenQuery` in src/server/sessions/oauth-token-auth.ts reads: assistants' tokens share it too (ADR 294).
  oauthGrants: ['clientId', 'userId', 'organizationId', 'scopes', 'resource', 'revokedAt'],
  oauthTokens: ['grantId', 'kind', 'expiresAt'],
};

const SERVER = join(__dirname, '..', 'src', 'server');
const OWNER = join(SERVER, 'sessions');

function serverModules(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return path === OWNER || entry.name === 'test' ? [] : serverModules(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** The keys an object argument names, or null when its shape cannot be read from the source. */
function keysOf(node: ts.Expression): string[] | null {
  if (ts.isParenthesizedExpression(node)) return keysOf(node.expression);
  if (ts.isConditionalExpression(node)) {
    const [whenTrue, whenFalse] = [keysOf(node.whenTrue), keysOf(node.whenFalse)];
    return whenTrue && whenFalse ? [...whenTrue, ...whenFalse] : null;
  }
  if (ts.isArrayLiteralExpression(node)) {
    const keys = node.elements.map((element) => keysOf(element));
    return keys.every((k) => k !== null) ? keys.flat() : null;
  }
  if (!ts.isObjectLiteralExpression(node)) return null;
  const keys: string[] = [];
  for (const property of node.properties) {
    if (ts.isSpreadAssignment(property)) {
      const spread = keysOf(property.expression);
      if (!spread) return null;
      keys.push(...spread);
    } else if (property.name && (ts.isIdentifier(property.name) || ts.isStringLiteral(property.name))) {
      keys.push(property.name.text);
    } else {
      return null;
    }
  }
  return keys;
}

/** `X.update(table)` / `.insert(table)` / `.delete(table)`: the method and the table, else null. */
function writeOf(node: ts.Node): { method: string; table: string; call: ts.CallExpression } | null {
  if (!ts.isCallExpression(node) || !ts.isPropertyAccessExpression(node.expression)) return null;
  const method = node.expression.name.text;
  const [table] = node.arguments;
  if (!['update', 'insert', 'delete'].includes(method) || !table || !ts.isIdentifier(table) || !(table.text in CACHED_FACTS)) return null;
  return { method, table: table.text, call: node };
}

/** The calls chained onto a write (`.set(...)`, `.values(...)`, `.onConflictDoUpdate(...)`), by name. */
function chainedCalls(call: ts.CallExpression): Map<string, ts.CallExpression> {
  const chained = new Map<string, ts.CallExpression>();
  let node: ts.Node = call;
  while (ts.isPropertyAccessExpression(node.parent) && ts.isCallExpression(node.parent.parent)) {
    chained.set(node.parent.name.text, node.parent.parent);
    node = node.parent.parent;
  }
  return chained;
}

function guardedColumnsWritten(table: string, method: string, call: ts.CallExpression): string | null {
  const facts = CACHED_FACTS[table]!;
  const chained = chainedCalls(call);
  const upsert = chained.get('onConflictDoUpdate');
  if (method === 'insert' && !upsert) return null;
  if (method === 'delete' || facts === 'every-write') return method === 'insert' ? 'an upsert' : `a ${method}`;
  const argument = method === 'update' ? chained.get('set')?.arguments[0] : upsert?.arguments[0];
  const keys = argument && keysOf(ts.isObjectLiteralExpression(argument) && method === 'insert' ? ((argument.properties.find((p) => p.name?.getText() === 'set') as ts.PropertyAssignment | undefined)?.initializer ?? argument) : argument);
  if (!keys) return 'columns that cannot be read from the source (write an object literal)';
  const written = keys.filter((key) => facts.includes(key));
  return written.length > 0 ? written.join(', ') : null;
}

function violationsIn(path: string): string[] {
  const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    const write = writeOf(node);
    const guarded = write && guardedColumnsWritten(write.table, write.method, write.call);
    if (write && guarded) {
      const { line } = source.getLineAndCharacterOfPosition(node.getStart());
      found.push(`${relative(join(SERVER, '..', '..'), path)}:${line + 1} ${write.method}(${write.table}) writes ${guarded}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

test('only src/server/sessions writes what a session carries (ADR 143)', () => {
  expect(serverModules(SERVER).flatMap(violationsIn)).toEqual([]);
});

test('the check bites: a feature that writes a cached fact is named', () => {
  const write = (code: string) => {
    const source = ts.createSourceFile('feature.ts', code, ts.ScriptTarget.Latest, true);
    const found: string[] = [];
    const visit = (node: ts.Node) => {
      const w = writeOf(node);
      const guarded = w && guardedColumnsWritten(w.table, w.method, w.call);
      if (guarded) found.push(guarded);
      ts.forEachChild(node, visit);
    };
    visit(source);
    return found;
  };
  expect(write('await db.update(users).set({ role: "admin", updatedAt: now }).where(x);')).toEqual(['role']);
  expect(write('await db.update(users).set({ failedLoginCount: 0 }).where(x);')).toEqual([]);
  expect(write('await db.update(users).set(changes).where(x);')).toEqual(['columns that cannot be read from the source (write an object literal)']);
  expect(write('await tx.update(organizations).set({ ...(a ? { subscriptionStatus: s } : {}) });')).toEqual(['subscriptionStatus']);
  expect(write('await tx.delete(backupCodes).where(x);')).toEqual(['a delete']);
  expect(write('await tx.insert(backupCodes).values(rows);')).toEqual([]);
  expect(write('await db.insert(memberships).values(v).onConflictDoUpdate({ target: t, set: { role } });')).toEqual(['an upsert']);
  expect(write('await db.insert(userMfa).values(v).onConflictDoUpdate({ target: t, set: { totpEnabledAt: now } });')).toEqual(['totpEnabledAt']);
  expect(write('await db.insert(userMfa).values(v).onConflictDoUpdate({ target: t, set: { pendingSecretEnc: p } });')).toEqual([]);
});
