import { eq } from 'drizzle-orm';
import type { LogoContentType } from '@/contracts/reports.ts';
import type { Database } from '../../db/client.ts';
import { organizationLogos } from '../../db/schema.ts';

export interface StoredLogo {
  contentType: LogoContentType;
  data: Buffer;
  byteLength: number;
  width: number;
  height: number;
  updatedAt: Date;
}

export async function findLogo(db: Database, organizationId: string): Promise<StoredLogo | null> {
  const rows = await db.select().from(organizationLogos).where(eq(organizationLogos.organizationId, organizationId)).limit(1);
  const row = rows[0];
  if (!row) return null;
  return { contentType: row.contentType as LogoContentType, data: Buffer.from(row.dataBase64, 'base64'), byteLength: row.byteLength, width: row.width, height: row.height, updatedAt: row.updatedAt };
}

export async function saveLogo(
  db: Database,
  values: { organizationId: string; contentType: LogoContentType; data: Buffer; width: number; height: number; uploadedById: string; now: Date },
): Promise<void> {
  const row = {
    contentType: values.contentType,
    dataBase64: values.data.toString('base64'),
    byteLength: values.data.length,
    width: values.width,
    height: values.height,
    uploadedById: values.uploadedById,
    updatedAt: values.now,
  };
  await db
    .insert(organizationLogos)
    .values({ organizationId: values.organizationId, ...row })
    .onConflictDoUpdate({ target: organizationLogos.organizationId, set: row });
}

export async function deleteLogo(db: Database, organizationId: string): Promise<boolean> {
  const deleted = await db.delete(organizationLogos).where(eq(organizationLogos.organizationId, organizationId)).returning({ id: organizationLogos.organizationId });
  return deleted.length === 1;
}
