import { zodResolver } from '@hookform/resolvers/zod';
import { describe, expect, it } from 'vitest';
import { KYC_MAX_FILE_BYTES, KycMsg } from '@contract/kyc';
import { kycBody, zKycForm } from './VerificationForm';

const png = (name: string, bytes = 4) => new File([new Uint8Array(bytes)], name, { type: 'image/png' });

const typed = {
  legalName: ' Ada Lovelace ',
  dateOfBirth: '1990-05-17',
  country: 'nl',
  address: 'Keizersgracht 1, Amsterdam',
  documentType: 'passport' as const,
  documentNumber: 'ab 12-345',
};

/** What the form's resolver makes of these values: the field messages it shows, or what it sends on. */
const resolve = (values: Parameters<typeof kycBody>[0]) =>
  zodResolver(zKycForm)(values, undefined, { fields: {}, shouldUseNativeValidation: false });

const messages = (errors: Record<string, { message?: string } | undefined>) =>
  Object.fromEntries(Object.entries(errors).map(([field, error]) => [field, error?.message]));

describe('the verification form (spec: KYC)', () => {
  it('shows the contract message of each wrong field and the missing uploads, and sends nothing', async () => {
    const result = await resolve({ ...typed, address: '', documentNumber: '#', document: null, selfie: null });
    expect(result.values).toEqual({});
    expect(messages(result.errors)).toEqual({
      address: KycMsg.address,
      documentNumber: KycMsg.documentNumber,
      document: KycMsg.fileMissing('document'),
      selfie: KycMsg.fileMissing('selfie'),
    });
  });

  it('refuses a file of another type or over 5 MB before uploading', async () => {
    const text = new File(['hello'], 'notes.txt', { type: 'text/plain' });
    const big = png('big.png', KYC_MAX_FILE_BYTES + 1);
    const result = await resolve({ ...typed, document: text, selfie: big });
    expect(messages(result.errors)).toEqual({ document: KycMsg.fileType, selfie: KycMsg.fileTooLarge });
  });

  it('passes complete answers on with both files', async () => {
    const document = png('passport.png');
    const selfie = png('selfie.png');
    const result = await resolve({ ...typed, document, selfie });
    expect(result.errors).toEqual({});
    expect(result.values).toMatchObject({ country: 'NL', document, selfie });
  });

  it('sends the text as typed in the contract order, then the document and the selfie', () => {
    const document = png('passport.png');
    const selfie = png('selfie.png');
    const body = kycBody({ ...typed, document, selfie }, { document, selfie });
    expect([...body.keys()]).toEqual([
      'legalName',
      'dateOfBirth',
      'country',
      'address',
      'documentType',
      'documentNumber',
      'document',
      'selfie',
    ]);
    expect(body.get('legalName')).toBe(' Ada Lovelace ');
    expect(body.get('country')).toBe('nl');
    expect(body.get('documentNumber')).toBe('ab 12-345');
    expect(body.get('document')).toBe(document);
    expect(body.get('selfie')).toBe(selfie);
  });
});
