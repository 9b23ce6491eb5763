import { useTranslation } from 'react-i18next';
import type { KycDocumentType, KycSubmissionStatus } from '@contract/kyc';
import { countryName } from '../../../content/countries';
import { useLocale } from '../../../i18n/locale';

// Keys spelled out whole, one per value, so the catalogue check sees each one used.
const STATUS = {
  pending: 'kyc.status.pending',
  approved: 'kyc.status.approved',
  rejected: 'kyc.status.rejected',
} as const satisfies Record<KycSubmissionStatus, string>;
const DOCUMENT = {
  passport: 'kyc.document.passport',
  national_id: 'kyc.document.national_id',
  driving_licence: 'kyc.document.driving_licence',
} as const satisfies Record<KycDocumentType, string>;

const has = <T extends object>(map: T, key: string): key is Extract<keyof T, string> => Object.hasOwn(map, key);

/** A submission's status, its document type and its country in the active language; an unknown value as it is. */
export function useKycWords() {
  const { t } = useTranslation('admin');
  const locale = useLocale();
  const regions = new Intl.DisplayNames([locale], { type: 'region', fallback: 'none' });
  return {
    status: (s: string) => (has(STATUS, s) ? t(STATUS[s]) : s),
    document: (d: string) => (has(DOCUMENT, d) ? t(DOCUMENT[d]) : d),
    /** English keeps the site's own list of names; another language takes the browser's. */
    country: (code: string) => {
      if (locale === 'en' || !/^[A-Za-z]{2}$/.test(code)) return countryName(code);
      return regions.of(code.toUpperCase()) ?? countryName(code);
    },
  };
}
