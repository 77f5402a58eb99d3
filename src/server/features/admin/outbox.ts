import { desc } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { OutboxListQuerySchema, type AdminOutboxEmail } from '@/contracts/admin.ts';
import { emailOutbox } from '../../db/schema.ts';
import { parseInput } from '../../lib/validation.ts';

/**
 * GET /api/admin/outbox: every e-mail the app wrote, newest first, with its full text, so an
 * installation without SMTP can still deliver reset links and approvals by hand (ADR 023).
 */
export async function listOutbox(request: FastifyRequest): Promise<AdminOutboxEmail[]> {
  const { limit } = parseInput(OutboxListQuerySchema, request.query);
  const rows = await request.server.db.select().from(emailOutbox).orderBy(desc(emailOutbox.createdAt)).limit(limit);
  return rows.map((row) => ({
    id: row.id,
    to: row.to,
    subject: row.subject,
    text: row.text,
    status: row.status,
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: new Date(row.createdAt).toISOString(),
    sentAt: row.sentAt ? new Date(row.sentAt).toISOString() : null,
  }));
}
