import type { Database } from '../../db/client.ts';
import { consultationRequests } from '../../db/schema.ts';

/** Stores a new request (the address in lower case); returns its id. */
export async function insertConsultationRequest(db: Database, values: Omit<typeof consultationRequests.$inferInsert, 'id' | 'status'> & { createdAt: Date }): Promise<string> {
  const [row] = await db
    .insert(consultationRequests)
    .values({ ...values, email: values.email.toLowerCase() })
    .returning({ id: consultationRequests.id });
  if (!row) throw new Error('consultation insert returned no row');
  return row.id;
}
