import type { FastifyReply } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { Database } from '../../db/client.ts';
import { findAssessmentVersion, type AssessmentVersion } from '../../db/repositories/assessments.ts';
import { AppError } from '../../errors.ts';
import { toAssessment } from './assessment-view.ts';
import { sendKeptAnswer, serializeForKeeping } from './kept-answer.ts';
import { NOT_FOUND_MESSAGE, requireAssessment } from './require-assessment.ts';

/** Bytes of answers kept per server process: a completed assessment answers with 60-80 KB, so a few hundred of them. */
export const COMPLETED_ANSWER_CACHE_BYTES = 16 * 1024 * 1024;

/**
 * GET /api/assessments/:id of a completed assessment, kept as the UTF-8 bytes of the JSON text its
 * route serialized (ADR 247, ADR 248). A completed assessment's answer carries its whole stored
 * result (about 60 KB of JSON): read, parsed and written out again on every open, the most expensive
 * read of the app; kept as a string, it was still encoded again for the socket on every answer.
 * Every request still asks the database first, scoped to the caller's organisation, for the row's
 * version (last change and author's name, `findAssessmentVersion`), so a missing, foreign, renamed,
 * re-authored or erased assessment is never answered from memory; the kept bytes are keyed on that
 * version. Drafts change with every autosave and are never kept.
 */
export function createCompletedAnswers(maxBytes = COMPLETED_ANSWER_CACHE_BYTES) {
  const kept = new LRUCache<string, Buffer>({ maxSize: maxBytes, sizeCalculation: (body) => Math.max(1, body.length) });
  const keyOf = (id: string, version: Pick<AssessmentVersion, 'updatedAt' | 'authorId' | 'authorName'>) => JSON.stringify([id, version.updatedAt, version.authorId, version.authorName]);

  return {
    /** Answers the request: from the kept bytes when the stored version is the same, else from a full read (then kept if completed). */
    async answer(reply: FastifyReply, db: Database, organizationId: string, id: string): Promise<FastifyReply> {
      const version = await findAssessmentVersion(db, organizationId, id);
      if (!version) throw new AppError('not_found', NOT_FOUND_MESSAGE);
      const hit = version.status === 'completed' ? kept.get(keyOf(id, version)) : undefined;
      if (hit !== undefined) return sendKeptAnswer(reply, hit);
      const record = await requireAssessment(db, organizationId, id);
      if (record.status !== 'completed') return reply.send(toAssessment(record));
      // The route's own serializer (its response schema), so the kept bytes are exactly what it answers;
      // keyed on the version of the row just read, never on the (possibly older) one read before it.
      const body = serializeForKeeping(reply, toAssessment(record));
      kept.set(keyOf(id, record), body);
      return sendKeptAnswer(reply, body);
    },
  };
}
