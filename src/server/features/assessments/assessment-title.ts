import type { DraftRiskInput } from '@/contracts/assessments.ts';
import { MAX_TITLE_LENGTH } from './require-assessment.ts';

/**
 * An assessment's title names the organisation assessed (ADR 217: docs/decisions/217-assessments-named-after-the-assessed-organisation.md):
 * "<organisation> — <day it was started>" while the user has not named it, so History, the
 * presentation picker, the home chart and "what changed" can tell assessments apart.
 */

/** The organisation name given in step 1, or undefined when none was (blank counts as none). */
function assessedOrganisationName(input: DraftRiskInput | undefined): string | undefined {
  const name = input?.organisation?.name?.trim();
  return name ? name : undefined;
}

/** The title an assessment gets when nobody named it: the assessed organisation and the day it was started. */
export function automaticTitle(startedAt: string, input: DraftRiskInput | undefined): string {
  const day = startedAt.slice(0, 10);
  const name = assessedOrganisationName(input);
  return name ? `${name} — ${day}`.slice(0, MAX_TITLE_LENGTH) : `Risk assessment ${day}`;
}

/**
 * Whether nobody named the assessment. No column says so: its title is the automatic title of its
 * stored answers, or the unnamed "Risk assessment <day>", which also covers drafts saved before
 * titles followed the organisation's name.
 */
export function isAutomaticTitle(current: { title: string; createdAt: string }, answers: DraftRiskInput): boolean {
  return current.title === automaticTitle(current.createdAt, answers) || current.title === automaticTitle(current.createdAt, undefined);
}

/**
 * The title after the answers change from `before` to `after`: it follows the organisation's name
 * only while nobody named the assessment, so a user's own name is never overwritten. Undefined
 * when the title stays as it is.
 */
export function followOrganisationName(
  current: { title: string; createdAt: string },
  before: DraftRiskInput,
  after: DraftRiskInput,
): string | undefined {
  if (!isAutomaticTitle(current, before)) return undefined;
  const next = automaticTitle(current.createdAt, after);
  return next === current.title ? undefined : next;
}

/**
 * The title of a duplicate started at `now`: a re-assessment of an unnamed assessment gets the
 * automatic title of its own day (not last year's date with "(copy)"); a named one, or one copied
 * the same day (whose automatic title would be the same), is told apart by "(copy)".
 */
export function duplicateTitle(source: { title: string; createdAt: string; input: DraftRiskInput }, now: Date): string {
  const fresh = automaticTitle(now.toISOString(), source.input);
  if (isAutomaticTitle(source, source.input) && fresh !== automaticTitle(source.createdAt, source.input)) return fresh;
  return `${source.title} (copy)`.slice(0, MAX_TITLE_LENGTH);
}
