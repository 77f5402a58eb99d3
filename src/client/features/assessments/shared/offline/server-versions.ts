import type { Assessment } from '@/contracts/assessments.ts';

/**
 * The last version of each assessment this page received from the server: a change queued
 * offline is based on it, and the sync sends it as the PATCH precondition (ADR 162).
 */
const versions = new Map<string, { updatedAt: string; title: string }>();

export function noteServerVersion(assessment: Pick<Assessment, 'id' | 'updatedAt' | 'title'>): void {
  versions.set(assessment.id, { updatedAt: assessment.updatedAt, title: assessment.title });
}

export function lastServerVersion(id: string): { updatedAt: string; title: string } | undefined {
  return versions.get(id);
}
