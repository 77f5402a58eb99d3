import { strToU8, zipSync } from 'fflate';
import { AUDIT_RETENTION_MONTHS, ORGANIZATION_DELETION_GRACE_DAYS } from '@/contracts/privacy.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { Audit } from '../../lib/audit.ts';
import {
  readAccessRequests,
  readAccount,
  readApiTokens,
  readAuditEntries,
  readAuthoredAssessments,
  readHelpRequests,
  readMemberships,
  readPasskeys,
  readSessions,
} from './personal-data-repository.ts';

/** Opens in any text editor; says what each file holds and what is not in the archive (ADR 232). */
function readme(at: Date): string {
  return [
    'Your personal data held by CIFER',
    `Made ${at.toISOString()} at your request (GDPR Art. 15 and 20; CCPA right to know).`,
    '',
    'account.json          your account: name, e-mail, phone, roles, dates',
    'sessions.json         devices signed in now: when, IP address and browser as stored',
    'security-log.json     security-log entries where you acted or were acted on',
    'memberships.json      organisations you belong to and your role in each',
    'assessments.json      assessments you wrote: your answers and the headline results',
    'api-tokens.json       your API tokens: names, scopes and dates (never the secret)',
    'passkeys.json         your passkeys: names and dates (never the key)',
    'help-requests.json    questions you sent to support',
    'access-requests.json  your request for an account, if you made one',
    '',
    'Not included: your password, authenticator secret, backup codes and the secrets of your sessions',
    'and tokens. CIFER keeps only hashes or encrypted copies of them, and they would be of no use to you.',
    '',
    `Security-log entries are kept ${AUDIT_RETENTION_MONTHS} months. Deleting your account in /account erases the above at once`,
    'and leaves security-log entries about you only under a pseudonym. An organisation its owner deletes',
    `is erased ${ORGANIZATION_DELETION_GRACE_DAYS} days after the request. Backups roll off after the days the operator keeps them.`,
    '',
  ].join('\n');
}

function json(value: unknown): Uint8Array {
  return strToU8(`${JSON.stringify(value, null, 2)}\n`);
}

/**
 * One zip of everything CIFER holds about the signed-in person (ADR 232): JSON files a person can
 * open and another service can read, and a README. Built in memory (one person's data is small), audited.
 */
export async function exportPersonalData(options: { db: Database; userId: string; now: Date; audit: Audit }): Promise<Uint8Array> {
  const { db, userId, now } = options;
  const account = await readAccount(db, userId);
  if (!account) throw new AppError('not_found', 'Account not found');
  const files = {
    'README.txt': strToU8(readme(now)),
    'account.json': json(account),
    'sessions.json': json(await readSessions(db, userId)),
    'security-log.json': json(await readAuditEntries(db, userId)),
    'memberships.json': json(await readMemberships(db, userId)),
    'assessments.json': json(await readAuthoredAssessments(db, userId)),
    'api-tokens.json': json(await readApiTokens(db, userId)),
    'passkeys.json': json(await readPasskeys(db, userId)),
    'help-requests.json': json(await readHelpRequests(db, userId)),
    'access-requests.json': json(await readAccessRequests(db, userId)),
  };
  const archive = zipSync(files, { level: 6, mtime: now });
  await options.audit({ action: 'privacy.data_exported', targetUserId: userId, details: { bytes: archive.length } });
  return archive;
}
