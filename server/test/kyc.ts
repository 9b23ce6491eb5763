import { normalizeDocumentNumber } from '../../contract/kyc';
import type { Database } from '../db/client';
import { kycSubmissions } from '../db/schema';

/**
 * Marks a user's identity as verified directly in the database, for tests about other
 * things that move money out (the KYC flow itself has its own tests in kyc.test.ts).
 */
export async function approveKyc(
  database: Database,
  userId: number,
  documentNumber = `TEST${userId}X${Math.random().toString(36).slice(2, 8)}`,
): Promise<number> {
  const [row] = await database.db
    .insert(kycSubmissions)
    .values({
      userId,
      status: 'approved',
      legalName: 'Test Person',
      dateOfBirth: '1990-01-01',
      country: 'NL',
      address: 'Teststraat 1, Amsterdam',
      documentType: 'passport',
      documentNumber,
      documentNumberNormalized: normalizeDocumentNumber(documentNumber),
      documentFile: 'missing.png',
      documentMime: 'image/png',
      selfieFile: 'missing.png',
      selfieMime: 'image/png',
      reviewedAt: new Date(),
    })
    .returning({ id: kycSubmissions.id });
  return row!.id;
}
