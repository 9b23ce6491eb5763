import { expect, type APIRequestContext } from '@playwright/test';

/** Small real files the server's content sniffing accepts: a 1x1 PNG and a minimal PDF. */
export const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
export const TINY_PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

/**
 * Verifies a user's identity through the real API: the user submits, the admin approves.
 * Specs about other things that withdraw use it, since a fresh install requires KYC first.
 */
export async function verifyIdentity(user: APIRequestContext, userId: number, admin: APIRequestContext): Promise<void> {
  const sent = await user.post(`/api/kyc/user/${userId}`, {
    multipart: {
      legalName: 'Ada Lovelace',
      dateOfBirth: '1990-05-17',
      country: 'NL',
      address: 'Keizersgracht 1, Amsterdam',
      documentType: 'passport',
      documentNumber: `E2E${userId}${Date.now()}`,
      document: { name: 'passport.png', mimeType: 'image/png', buffer: PNG_1X1 },
      selfie: { name: 'selfie.png', mimeType: 'image/png', buffer: PNG_1X1 },
    },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  const { submission } = (await sent.json()) as { submission: { id: number } };
  const approved = await admin.post(`/api/admin/kyc/${submission.id}/approve`);
  expect(approved.status(), await approved.text()).toBe(200);
}
