import type { ModelRunResults } from '@/reports/model-runs.ts';
import { buildReportModel, reportRuns, type ReportModel, type ReportSource } from '@/reports/report-model.ts';
import { computeWhatChangedWith, type ComparedAssessment, type WhatChanged } from '@/reports/what-changed.ts';
import type { Database } from '../../db/client.ts';
import type { AssessmentRecord } from '../../db/repositories/assessment-record.ts';
import { assessedOrganisationKey, findAssessment, findPreviousCompleted } from '../../db/repositories/assessments.ts';
import { findAssessmentRiskProfile } from '../../db/repositories/risk-profiles.ts';
import type { RiskProfileSettings } from '@/contracts/risk-profile.ts';
import { AppError } from '../../errors.ts';
import type { EngineRunner } from '../../lib/engine-worker/engine-runner.ts';
import type { ReportRunner } from '../../lib/report-worker/report-runner.ts';
import { runModelRuns } from '../../lib/engine-worker/run-model-runs.ts';
import { findOrganizationName } from './report-repository.ts';
import type { WhatChangedCache } from './what-changed-cache.ts';

const NOT_FOUND = 'Assessment not found';

const DRAFT_MESSAGE = 'This assessment is a draft: complete it to get its report.';

/** A completed assessment as the reports read it: the record (for its version) and the engine's view. */
export interface CompletedAssessment {
  readonly stored: AssessmentRecord;
  readonly compared: ComparedAssessment;
}

/** The record as the reports read a completed assessment, or null when it has no result (a draft, or no record). */
export function toCompleted(stored: AssessmentRecord | null): CompletedAssessment | null {
  if (stored === null || stored.result === null) return null;
  // The record parsed the answers once (ADR 201); answers of a completed assessment the model no longer accepts are a bug, not bad input.
  if (stored.completedInput === null) throw new Error('a completed assessment has answers the current model does not accept');
  const compared = { id: stored.id, title: stored.title, completedAt: stored.completedAt ?? new Date(0).toISOString(), input: stored.completedInput, result: stored.result };
  return { stored, compared };
}

/** A completed assessment of the organisation: 404 when it is not the organisation's, 409 when it is a draft. */
export async function requireCompleted(db: Database, organizationId: string, id: string, role: 'report' | 'comparison' = 'report'): Promise<CompletedAssessment> {
  const stored = await findAssessment(db, organizationId, id);
  if (!stored) throw new AppError('not_found', role === 'report' ? NOT_FOUND : 'The assessment to compare with was not found');
  const completed = stored.status === 'completed' ? toCompleted(stored) : null;
  if (completed === null) {
    throw new AppError('conflict', role === 'report' ? DRAFT_MESSAGE : 'The assessment to compare with is a draft: only completed assessments can be compared.');
  }
  return completed;
}

/** What changed between the assessment and `againstId` (default: the organisation's previous completed one); null when there is none. */
export async function loadWhatChanged(sources: WhatChangedSources, organizationId: string, current: CompletedAssessment, againstId: string | undefined): Promise<WhatChanged | null> {
  const started = await startWhatChanged(sources, organizationId, current, againstId);
  return started ? started.whatChanged : null;
}

/**
 * The waterfall of loadWhatChanged, not waited for: null when there is nothing to compare with,
 * else its computation (shared through the cache, ADR 125), started if it was not yet, and its
 * value if that computation has already finished.
 */
async function startWhatChanged(
  sources: WhatChangedSources,
  organizationId: string,
  current: CompletedAssessment,
  againstId: string | undefined,
): Promise<{ whatChanged: Promise<WhatChanged>; ready: WhatChanged | undefined } | null> {
  const { db, whatChangedCache, engine } = sources;
  let previous: CompletedAssessment | null;
  if (againstId !== undefined) {
    if (againstId === current.stored.id) throw new AppError('bad_request', 'Choose a different assessment to compare with', { issues: [{ path: 'against', message: 'Choose a different assessment to compare with' }] });
    previous = await requireCompleted(db, organizationId, againstId, 'comparison');
    // Only another assessment of the same organisation assessed is a comparison (ADR 274).
    if (assessedOrganisationKey(previous.compared.input.organisation.name) !== assessedOrganisationKey(current.compared.input.organisation.name)) {
      const message = 'Choose an assessment of the same organisation to compare with';
      throw new AppError('bad_request', message, { issues: [{ path: 'against', message }] });
    }
  } else {
    previous = toCompleted(await findPreviousCompleted(db, organizationId, new Date(current.compared.completedAt), current.stored.id, current.compared.input.organisation.name ?? null));
  }
  if (!previous) return null;
  const { compared } = previous;
  const whatChanged = whatChangedCache.get(organizationId, current.stored, previous.stored, () => computeWhatChangedWith(compared, current.compared, (run) => engine.expectedLoss(run)));
  return { whatChanged, ready: whatChangedCache.ready(organizationId, current.stored, previous.stored) };
}

/**
 * The report of loadReportOf without waiting for its waterfall (ADR 129): the whole report when the
 * waterfall is already computed (or there is nothing to compare with), else the report without its
 * what-changed slide, marked pending; the waterfall goes on being computed for the full report.
 */
export async function loadReportIfReady(sources: WhatChangedSources, organizationId: string, current: CompletedAssessment, now: Date): Promise<{ model: ReportModel; whatChangedPending: boolean }> {
  const [organisationName, started, [riskProfile, runResults]] = await Promise.all([
    findOrganizationName(sources.db, organizationId),
    startWhatChanged(sources, organizationId, current, undefined),
    profileAndRuns(sources, current),
  ]);
  const whatChanged = started ? (started.ready ?? null) : null;
  const model = buildReportModel(reportSource(organisationName, current, whatChanged, now, riskProfile), runResults);
  if (!started || started.ready) return { model, whatChangedPending: false };
  return { model: { ...model, slides: model.slides.filter((slide) => slide.id !== 'whatChanged') }, whatChangedPending: true };
}

/** `riskProfile`: the policy and appetite kept with the assessment when it was completed (ADR 218). */
function reportSource(organisationName: string, current: CompletedAssessment, whatChanged: WhatChanged | null, now: Date, riskProfile: RiskProfileSettings | null): ReportSource {
  const { stored, compared } = current;
  return {
    organisationName: organisationName || compared.result.profile.name || '',
    assessment: { ...compared, authorName: stored.authorName },
    whatChanged,
    riskProfile,
    generatedAt: now.toISOString(),
  };
}

/**
 * The risk profile kept with the assessment and the results of the report's engine runs (the
 * peer's, the priced options'), run on the engine pool as soon as the profile is read (ADR 323).
 */
async function profileAndRuns(sources: WhatChangedSources, current: CompletedAssessment): Promise<[RiskProfileSettings | null, ModelRunResults]> {
  const riskProfile = await findAssessmentRiskProfile(sources.db, current.stored.id);
  const { input, result } = current.compared;
  return [riskProfile, await runModelRuns(sources.engine, reportRuns(input, result, riskProfile))];
}

/** Everything a report of one completed assessment is built from, scoped to the organisation: its source and the results of its engine runs. */
export interface LoadedReport {
  readonly source: ReportSource;
  readonly runResults: ModelRunResults;
}

export async function loadReportSourceOf(sources: WhatChangedSources, organizationId: string, current: CompletedAssessment, againstId: string | undefined, now: Date): Promise<LoadedReport> {
  const [organisationName, whatChanged, [riskProfile, runResults]] = await Promise.all([
    findOrganizationName(sources.db, organizationId),
    loadWhatChanged(sources, organizationId, current, againstId),
    profileAndRuns(sources, current),
  ]);
  return { source: reportSource(organisationName, current, whatChanged, now, riskProfile), runResults };
}

/** The report model of one completed assessment. */
export async function loadReportOf(sources: WhatChangedSources, organizationId: string, current: CompletedAssessment, againstId: string | undefined, now: Date): Promise<ReportModel> {
  const { source, runResults } = await loadReportSourceOf(sources, organizationId, current, againstId, now);
  return buildReportModel(source, runResults);
}

/** What the report of the assessment `id` of the organisation is built from (404 / 409 as requireCompleted). */
export async function loadReportSource(sources: WhatChangedSources, organizationId: string, id: string, againstId: string | undefined, now: Date): Promise<LoadedReport> {
  return loadReportSourceOf(sources, organizationId, await requireCompleted(sources.db, organizationId, id), againstId, now);
}

/** Where a waterfall comes from: the database, the per-app cache and the engine runner. */
export type WhatChangedSources = Pick<ReportOperationOptions, 'db' | 'whatChangedCache' | 'engine'>;

/** What the report operations of a signed-in caller take; routes.ts builds it from the app and the request. */
export interface ReportOperationOptions {
  db: Database;
  /** One per app (ADR 125): completed assessments never change, so their waterfalls are computed once. */
  whatChangedCache: WhatChangedCache;
  /** One per app: where the waterfall's engine re-runs and the report's own runs go, a worker thread on a server (ADR 128, ADR 323). */
  engine: EngineRunner;
  /** One per app: where report files are built, a worker thread on a server (ADR 323). */
  reports: ReportRunner;
  /** The caller's current organisation: every assessment read is scoped by it. */
  organizationId: string;
  now: Date;
}
