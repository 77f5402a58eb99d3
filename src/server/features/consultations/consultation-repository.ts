import { desc, eq } from 'drizzle-orm';
import type { ConsultationRequest, ConsultationStatus } from '@/contracts/consultations.ts';
import type { Database } from '../../db/client.ts';
import { consultationRequests } from '../../db/schema.ts';

type Row = typeof consultationRequests.$inferSelect;

export function toConsultationRequest(row: Row): ConsultationRequest {
  const status = row.status === 'contacted' || row.status === 'closed' ? row.status : 'new';
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    company: row.company,
    companySize: row.companySize,
    industry: row.industry,
    service: row.service,
    message: row.message,
    status,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listConsultationRequests(db: Database, limit = 200): Promise<ConsultationRequest[]> {
  const rows = await db.select().from(consultationRequests).orderBy(desc(consultationRequests.createdAt)).limit(limit);
  return rows.map(toConsultationRequest);
}

export async function updateConsultationStatus(db: Database, id: string, status: ConsultationStatus): Promise<ConsultationRequest | null> {
  const [row] = await db.update(consultationRequests).set({ status }).where(eq(consultationRequests.id, id)).returning();
  return row ? toConsultationRequest(row) : null;
}

/** Stores a new request (the address in lower case); returns its id. */
export async function insertConsultationRequest(db: Database, values: Omit<typeof consultationRequests.$inferInsert, 'id' | 'status'> & { createdAt: Date }): Promise<string> {
  const [row] = await db
    .insert(consultationRequests)
    .values({ ...values, email: values.email.toLowerCase() })
    .returning({ id: consultationRequests.id });
  if (!row) throw new Error('consultation insert returned no row');
  return row.id;
}
