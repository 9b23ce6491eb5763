import { useTranslation } from 'react-i18next';
import { AUDIT_ACTION_KINDS, AUDIT_TARGET_TYPES, auditActionLabel } from '@contract/audit';
import { useLocale } from '../../../i18n/locale';

// Keys spelled out whole, one per value, so the catalogue check sees each one used. The actions are the
// contract's list (AUDIT_ACTIONS) and the few the server records that the list does not name yet.
const ACTION = {
  'deposit.approve': 'audit.action.deposit.approve',
  'deposit.reject': 'audit.action.deposit.reject',
  'deposit.manual': 'audit.action.deposit.manual',
  'withdrawal.approve': 'audit.action.withdrawal.approve',
  'withdrawal.reject': 'audit.action.withdrawal.reject',
  'transaction.update': 'audit.action.transaction.update',
  'investment.cancel': 'audit.action.investment.cancel',
  'plan.create': 'audit.action.plan.create',
  'plan.update': 'audit.action.plan.update',
  'plan.archive': 'audit.action.plan.archive',
  'plan.delete': 'audit.action.plan.delete',
  'settings.update': 'audit.action.settings.update',
  'user.create': 'audit.action.user.create',
  'user.update': 'audit.action.user.update',
  'user.status': 'audit.action.user.status',
  'user.delete': 'audit.action.user.delete',
  'user.soft_delete': 'audit.action.user.soft_delete',
  'user.avatar': 'audit.action.user.avatar',
  'user.security_hold_end': 'audit.action.user.security_hold_end',
  'user.security_hold_shorten': 'audit.action.user.security_hold_shorten',
  'user.passkey_add': 'audit.action.user.passkey_add',
  'user.passkey_remove': 'audit.action.user.passkey_remove',
  'session.disconnect': 'audit.action.session.disconnect',
  'kyc.approve': 'audit.action.kyc.approve',
  'kyc.reject': 'audit.action.kyc.reject',
  'notification.send': 'audit.action.notification.send',
  'notification.broadcast': 'audit.action.notification.broadcast',
  'support.reply': 'audit.action.support.reply',
  'support.close': 'audit.action.support.close',
  'support.reopen': 'audit.action.support.reopen',
  'job.run': 'audit.action.job.run',
  'mail.read': 'audit.action.mail.read',
  'email_template.update': 'audit.action.email_template.update',
  'email_template.reset': 'audit.action.email_template.reset',
  'email_template.test': 'audit.action.email_template.test',
  'liabilities.publish': 'audit.action.liabilities.publish',
  'deposit.manual_requested': 'audit.action.deposit.manual_requested',
  'withdrawal.first_approval': 'audit.action.withdrawal.first_approval',
  'withdrawal.route': 'audit.action.withdrawal.route',
  'withdrawal.payout_completed': 'audit.action.withdrawal.payout_completed',
  'withdrawal.payout_cancelled': 'audit.action.withdrawal.payout_cancelled',
} as const;

const KIND = {
  deposit: 'audit.kind.deposit',
  withdrawal: 'audit.kind.withdrawal',
  transaction: 'audit.kind.transaction',
  investment: 'audit.kind.investment',
  plan: 'audit.kind.plan',
  settings: 'audit.kind.settings',
  user: 'audit.kind.user',
  session: 'audit.kind.session',
  kyc: 'audit.kind.kyc',
  notification: 'audit.kind.notification',
  support: 'audit.kind.support',
  job: 'audit.kind.job',
  mail: 'audit.kind.mail',
  email_template: 'audit.kind.email_template',
  liabilities: 'audit.kind.liabilities',
} as const satisfies Record<keyof typeof AUDIT_ACTION_KINDS, string>;

const TARGET = {
  deposit: 'audit.target.deposit',
  withdrawal: 'audit.target.withdrawal',
  transaction: 'audit.target.transaction',
  investment: 'audit.target.investment',
  plan: 'audit.target.plan',
  settings: 'audit.target.settings',
  user: 'audit.target.user',
  session: 'audit.target.session',
  kyc_submission: 'audit.target.kyc_submission',
  notification: 'audit.target.notification',
  support_conversation: 'audit.target.support_conversation',
  job: 'audit.target.job',
  mail: 'audit.target.mail',
  email_template: 'audit.target.email_template',
  liability_snapshot: 'audit.target.liability_snapshot',
} as const satisfies Record<(typeof AUDIT_TARGET_TYPES)[number], string>;

/** A target as the sentences name it; English keeps the code, as it always showed it. */
const TARGET_INLINE = {
  deposit: 'audit.targetInline.deposit',
  withdrawal: 'audit.targetInline.withdrawal',
  transaction: 'audit.targetInline.transaction',
  investment: 'audit.targetInline.investment',
  plan: 'audit.targetInline.plan',
  settings: 'audit.targetInline.settings',
  user: 'audit.targetInline.user',
  session: 'audit.targetInline.session',
  kyc_submission: 'audit.targetInline.kyc_submission',
  notification: 'audit.targetInline.notification',
  support_conversation: 'audit.targetInline.support_conversation',
  job: 'audit.targetInline.job',
  mail: 'audit.targetInline.mail',
  email_template: 'audit.targetInline.email_template',
  liability_snapshot: 'audit.targetInline.liability_snapshot',
} as const satisfies Record<(typeof AUDIT_TARGET_TYPES)[number], string>;
const ROLE = {
  admin: 'audit.role.admin',
  moderator: 'audit.role.moderator',
  user: 'audit.role.user',
  system: 'audit.role.system',
} as const;

const has = <T extends object>(map: T, key: string): key is Extract<keyof T, string> => Object.hasOwn(map, key);

/** "support_conversation" -> "Support conversation": a target type no list knows yet. */
const words = (code: string) => {
  const text = code.replace(/_/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
};

/** The audit log's words in the active language: actions, kinds of action, targets and actors' roles. */
export function useAuditWords() {
  const { t } = useTranslation('admin');
  const locale = useLocale();
  return {
    /**
     * "deposit.approve" -> "Deposit approved". An action no list knows yet: English reads its code as words
     * ("Widget frob all"), as it always did; another language shows the code itself rather than English.
     */
    action: (action: string) =>
      has(ACTION, action) ? t(ACTION[action]) : locale === 'en' ? auditActionLabel(action) : action,
    /** "deposit" -> "Deposits", for "Deposits: any action". */
    kind: (kind: string) => (has(KIND, kind) ? t(KIND[kind]) : kind),
    /** "support_conversation" -> "Support conversation" (the filter, the target column). */
    target: (type: string) => (has(TARGET, type) ? t(TARGET[type]) : locale === 'en' ? words(type) : type),
    /** A target inside a sentence ("… on user #5"). */
    targetInline: (type: string) => (has(TARGET_INLINE, type) ? t(TARGET_INLINE[type]) : type),
    /** An actor's role; blank is "unknown" (or "unknown role" where it stands alone in brackets). */
    role: (role: string, unknown: 'short' | 'long' = 'short') =>
      role
        ? has(ROLE, role)
          ? t(ROLE[role])
          : role
        : unknown === 'long'
          ? t('audit.role.unknownRole')
          : t('audit.role.unknown'),
    /**
     * Who did it: their user name, else their id; the platform's own actions (filed under the
     * user name "system") say System in the reader's language.
     */
    actor: (
      e: { actorRole: string; actorUserName: string | null; actorId: number | null },
      unknown: 'system' | 'unknown',
    ) =>
      e.actorRole === 'system'
        ? t('audit.actor.system')
        : e.actorUserName ||
          (e.actorId !== null
            ? t('audit.actor.user', { id: e.actorId })
            : unknown === 'system'
              ? t('audit.actor.system')
              : t('audit.entry.unknownActor')),
  };
}
