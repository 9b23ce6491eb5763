import type { NoticeKey } from './messages';

/**
 * The subject of each notice's email copy: what happened, readable in an inbox list. Keyed by
 * every notice, so a new notice cannot ship without one (the type fails first).
 */
const SUBJECTS: Record<NoticeKey, string> = {
  text: 'A message from the team',
  'deposit.settled': 'Your deposit was credited',
  'deposit.invalid': 'Your deposit was rejected',
  'withdrawal.settled': 'Your withdrawal was approved and paid',
  'withdrawal.invalid': 'Your withdrawal was rejected',
  'investment.started': 'Your investment has started',
  'investment.ended': 'Your investment has ended',
  'referral.bonus': 'You received a referral bonus',
  'security.newDevice': 'New sign-in to your account',
  'security.failedSignIns': 'Failed sign-in attempts on your account',
  'security.passwordChanged': 'Your password was changed',
  'security.passwordReset': 'Your password was reset',
  'security.twoFactorOn': 'Two-factor authentication turned on',
  'security.twoFactorOff': 'Two-factor authentication turned off',
  'security.holdEnded': 'The security hold on your withdrawals was lifted',
  'security.holdShortened': 'The security hold on your withdrawals was shortened',
  'account.suspended': 'Your account was suspended',
  'account.active': 'Your account is active again',
  'support.reply': 'New reply to your support ticket',
  'kyc.approved': 'Your identity verification was approved',
  'kyc.rejected': 'Your identity verification was not approved',
};

const isNoticeKey = (key: string): key is NoticeKey => Object.hasOwn(SUBJECTS, key);

/**
 * "MineVest: Your deposit was credited"; a security notice says so first ("MineVest security
 * alert: New sign-in to your account"), and a staff message of the security kind is just that.
 */
export function noticeSubject(siteName: string, key: string, kind: string): string {
  const security = kind === 'security' || key.startsWith('security.');
  if (key === 'text') return security ? `${siteName} security alert` : `${siteName}: ${SUBJECTS.text}`;
  const what = isNoticeKey(key) ? SUBJECTS[key] : 'New notification';
  return security ? `${siteName} security alert: ${what}` : `${siteName}: ${what}`;
}
