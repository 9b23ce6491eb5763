import type { EmailEvent } from '../../../contract/email-templates';
import type { Locale } from '../../../contract/locales';
import { noticeOf, noticeValues, wordNotice, type NoticeKey, type StoredNotice } from '../notifications/messages';
import type { TemplateVars } from './engine';

/** A notice of every kind, as the preview and a test send show it: the figures of a plausible event. */
const SAMPLE_NOTICES: { [K in NoticeKey]: StoredNotice } = {
  text: noticeOf('text', { text: 'Our support hours change next week: we answer from 8:00 to 20:00 UTC.' }),
  'deposit.settled': noticeOf('deposit.settled', { amount: 125_000n, currency: 'BTC', reason: 'Confirmed on chain' }),
  'deposit.invalid': noticeOf('deposit.invalid', {
    amount: 125_000n,
    currency: 'USDT',
    reason: 'Paid to an old address',
  }),
  'withdrawal.settled': noticeOf('withdrawal.settled', {
    amount: 50_000n,
    currency: 'BTC',
    fee: 250n,
    payoutReference: 'PO-7K4M-9QZP',
    reason: 'Sent in the evening batch',
  }),
  'withdrawal.invalid': noticeOf('withdrawal.invalid', { amount: 50_000n, currency: 'BTC', reason: 'Wrong network' }),
  'investment.started': noticeOf('investment.started', {
    amount: 100_000n,
    plan: 'Growth',
    period: 'daily',
    payouts: 30,
  }),
  'investment.ended': noticeOf('investment.ended', { principal: 100_000n, plan: 'Growth', retained: false }),
  'referral.bonus': noticeOf('referral.bonus', { amount: 2_500n, level: 1 }),
  'security.newDevice': noticeOf('security.newDevice', { device: 'Firefox on Linux', ip: '203.0.113.7' }),
  'security.failedSignIns': noticeOf('security.failedSignIns', {
    failures: 5,
    since: '2026-11-24T09:00:00.000Z',
    at: '2026-11-24T09:12:00.000Z',
  }),
  'security.passwordChanged': noticeOf('security.passwordChanged', {}),
  'security.passwordReset': noticeOf('security.passwordReset', {}),
  'security.twoFactorOn': noticeOf('security.twoFactorOn', {}),
  'security.twoFactorOff': noticeOf('security.twoFactorOff', {}),
  'security.passkeyAdded': noticeOf('security.passkeyAdded', { passkey: 'Work laptop' }),
  'security.passkeyRemoved': noticeOf('security.passkeyRemoved', { passkey: 'Work laptop' }),
  'security.holdEnded': noticeOf('security.holdEnded', { reason: 'Identity confirmed by phone' }),
  'security.holdShortened': noticeOf('security.holdShortened', {
    reason: 'Identity confirmed by phone',
    until: '2026-11-25T18:00:00.000Z',
  }),
  'account.suspended': noticeOf('account.suspended', {}),
  'account.active': noticeOf('account.active', {}),
  'support.reply': noticeOf('support.reply', {}),
  'kyc.approved': noticeOf('kyc.approved', {}),
  'kyc.rejected': noticeOf('kyc.rejected', { reason: 'The photo of the document is blurred' }),
};

const isNotice = (event: EmailEvent): event is NoticeKey => Object.hasOwn(SAMPLE_NOTICES, event);

/** Where an event's link leads: the page the person acts on. */
const LINK_PATH: Partial<Record<EmailEvent, string>> = {
  'account.confirmEmail': '/verify-email/sample-token',
  'account.resetPassword': '/reset-password/sample-token',
};

/** The values of one event's template for a preview or a test send, in `locale`. */
export function sampleValues(
  event: EmailEvent,
  locale: Locale,
  site: { siteName: string; linkBase: string },
): TemplateVars {
  const { siteName, linkBase } = site;
  if (event === 'contact.message')
    return {
      siteName,
      id: 42,
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      message: 'Hello, I would like to know more about your plans.\nThank you!',
    };
  const account = { siteName, userName: 'alex', firstName: 'Alex', link: `${linkBase}${LINK_PATH[event] ?? '/login'}` };
  if (!isNotice(event)) return account;
  const notice = SAMPLE_NOTICES[event];
  return {
    ...account,
    message: wordNotice(notice, locale),
    ...noticeValues(notice, locale),
    ...(event === 'text' ? { security: false } : {}),
  };
}
