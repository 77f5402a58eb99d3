import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { expect, test } from 'vitest';

/**
 * Every reference a comment, test name or document makes must resolve to something in the
 * repository: "spec section N" to a section of docs/requirements/product.md, "security.md decision
 * N" and checklist IDs (SES-04, ...) to docs/requirements/security.md, "ADR NNN" to a file in
 * docs/decisions/, and any cited *.md file name to a file of that name.
 */
const ROOTS = ['src', 'tests', 'scripts', 'bench', 'deploy', 'docs', 'ARCHITECTURE.md', 'README.md'];
const SKIP = /node_modules|__snapshots__|\/migrations\/|\.json$|\.png$|\.svg$/;

function filesUnder(path: string): string[] {
  if (SKIP.test(path)) return [];
  const stat = statSync(path);
  if (!stat.isDirectory()) return [path];
  return readdirSync(path).flatMap((entry) => filesUnder(join(path, entry)));
}

const files = ROOTS.flatMap(filesUnder);
const texts = new Map(files.map((file) => [file, readFileSync(file, 'utf8')]));
const product = readFileSync('docs/requirements/product.md', 'utf8');
const security = readFileSync('docs/requirements/security.md', 'utf8');
const markdownNames = new Set([...filesUnder('.').filter((file) => file.endsWith('.md') && !file.includes('node_modules')).map((file) => basename(file))]);
const adrNumbers = new Set(readdirSync('docs/decisions').map((file) => file.slice(0, 3)));

function citations(pattern: RegExp): Array<{ file: string; match: RegExpExecArray }> {
  const found: Array<{ file: string; match: RegExpExecArray }> = [];
  for (const [file, text] of texts) for (const match of text.matchAll(pattern)) found.push({ file, match });
  return found;
}

test('every "spec section N" is a section of docs/requirements/product.md', () => {
  const sections = new Set([...product.matchAll(/^## (\d+)\. /gm)].map((match) => match[1]));
  const missing = citations(/spec sections? (\d+)(?:(?:, | and | or )(\d+))*/g)
    .flatMap(({ file, match }) => match[0].match(/\d+/g)!.map((section) => ({ file, section })))
    .filter(({ section }) => !sections.has(section));
  expect(missing).toEqual([]);
});

test('every security decision and checklist ID cited is defined in docs/requirements/security.md', () => {
  const decisions = new Set([...security.matchAll(/^(\d+)\. /gm)].map((match) => match[1]));
  const ids = new Set([...security.matchAll(/^\| ([A-Z]{2,5}-\d{2}) \|/gm)].map((match) => match[1]));
  const missingDecisions = citations(/security\.md decisions? (\d+)/g).filter(({ match }) => !decisions.has(match[1]!));
  const missingIds = citations(/\b(PWD|AUTH|SES|MFA|TOTP|BC|RL|CSRF|AC|VAL|ERR|LOG|DP|HDR|CFG)-\d{2}\b/g).filter(({ match }) => !ids.has(match[0]));
  expect(missingDecisions.map(({ file, match }) => `${file}: ${match[0]}`)).toEqual([]);
  expect(missingIds.map(({ file, match }) => `${file}: ${match[0]}`)).toEqual([]);
});

test('every ADR cited exists in docs/decisions', () => {
  const missing = citations(/\bADRs? (\d{3})(?:[-–](\d{3}))?/g).filter(({ match }) => !adrNumbers.has(match[1]!));
  expect(missing.map(({ file, match }) => `${file}: ${match[0]}`)).toEqual([]);
});

/** Transcripts of the risk model's published sources, named with the public repository that holds them; not ours to copy. */
const EXTERNAL_SOURCES = new Set(['netdiligence_2025.md', 'ibm_codb_2024.md', 'ibm_codb_2025.md', 'dbir_2024.md', 'IBM-Cost-of-a-Data-Breach-Report-2023.md']);

test('every Markdown file a comment or document names exists in the repository', () => {
  const missing = citations(/\b([A-Za-z0-9_-]+\.md)\b/g).filter(({ match }) => !markdownNames.has(match[1]!) && !EXTERNAL_SOURCES.has(match[1]!));
  expect([...new Set(missing.map(({ file, match }) => `${file}: ${match[1]}`))]).toEqual([]);
});

/**
 * The 1.0 design (docs/archive/risk-model.md) is archived: code, tests and the current documents cite
 * the current model (src/engine/README.md, docs/methodology.md) instead. ADRs and the archives are
 * records of their time and may still name it; stored data (JSON, SQL fixtures) is not a citation.
 */
test('no code, test or current document cites the archived 1.0 risk-model design', () => {
  // This test names the file itself; ADRs and archives are historical records.
  const historical = /^docs\/(decisions|archive|benchmarks-archive)\/|\.sql$|^scripts\/citations\.test\.ts$/;
  const citing = [...texts].filter(([file, text]) => !historical.test(file) && /risk-model\.md/.test(text)).map(([file]) => file);
  expect(citing).toEqual([]);
});

/**
 * No issue-tracker numbers anywhere in code or docs (ADRs and docs/benchmarks.md included): the
 * tracker is not in the repository, so "issue #N", "issue N" or "Issue #N/#M" tells a reader
 * nothing. Say the reason or the requirement in place, or cite an ADR or a file. A third party's
 * tracker is cited by its address (a URL such as .../issues/N does not match).
 */
test('no code, test, script or document cites an issue-tracker number', () => {
  const cited = citations(/\bissues? #?\d+/gi);
  expect(cited.map(({ file, match }) => `${file}: ${match[0]}`)).toEqual([]);
});
