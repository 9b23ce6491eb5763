import type { EmailEvent } from '@contract/email-templates';

/** The keys of each event's name and of each variable's meaning in the `adminEmails` catalogue. */
export const EVENT_NAME = {
  'account.confirmEmail': 'event.account.confirmEmail',
  'account.resetPassword': 'event.account.resetPassword',
  'contact.message': 'event.contact.message',
  text: 'event.text',
  'deposit.settled': 'event.deposit.settled',
  'deposit.invalid': 'event.deposit.invalid',
  'withdrawal.settled': 'event.withdrawal.settled',
  'withdrawal.invalid': 'event.withdrawal.invalid',
  'investment.started': 'event.investment.started',
  'investment.ended': 'event.investment.ended',
  'referral.bonus': 'event.referral.bonus',
  'security.newDevice': 'event.security.newDevice',
  'security.failedSignIns': 'event.security.failedSignIns',
  'security.passwordChanged': 'event.security.passwordChanged',
  'security.passwordReset': 'event.security.passwordReset',
  'security.twoFactorOn': 'event.security.twoFactorOn',
  'security.twoFactorOff': 'event.security.twoFactorOff',
  'security.passkeyAdded': 'event.security.passkeyAdded',
  'security.passkeyRemoved': 'event.security.passkeyRemoved',
  'security.holdEnded': 'event.security.holdEnded',
  'security.holdShortened': 'event.security.holdShortened',
  'account.suspended': 'event.account.suspended',
  'account.active': 'event.account.active',
  'support.reply': 'event.support.reply',
  'kyc.approved': 'event.kyc.approved',
  'kyc.rejected': 'event.kyc.rejected',
} as const satisfies Record<EmailEvent, string>;

export const AUDIENCE = {
  account: 'audience.account',
  notice: 'audience.notice',
  staff: 'audience.staff',
} as const;

export const VARIABLE = {
  siteName: 'variable.siteName',
  userName: 'variable.userName',
  firstName: 'variable.firstName',
  link: 'variable.link',
  message: 'variable.message',
  amount: 'variable.amount',
  currency: 'variable.currency',
  reason: 'variable.reason',
  fee: 'variable.fee',
  net: 'variable.net',
  payoutReference: 'variable.payoutReference',
  plan: 'variable.plan',
  schedule: 'variable.schedule',
  principal: 'variable.principal',
  retained: 'variable.retained',
  level: 'variable.level',
  device: 'variable.device',
  ip: 'variable.ip',
  failures: 'variable.failures',
  since: 'variable.since',
  at: 'variable.at',
  until: 'variable.until',
  security: 'variable.security',
  id: 'variable.id',
  name: 'variable.name',
  email: 'variable.email',
  passkey: 'variable.passkey',
} as const;

export const isVariable = (name: string): name is keyof typeof VARIABLE => Object.hasOwn(VARIABLE, name);
