import type { ParseKeys } from 'i18next';
import { SECRET_FIELDS, SETTINGS_GROUPS, type SettingsGroup, type SiteSettingsKey } from '@contract/settings';

/** A key of the admin catalogue: the modals translate where they render. */
export type AdminKey = ParseKeys<'admin'>;

/**
 * How the Configure modals show each field, as keys of the admin catalogue (one whole literal each, so the
 * catalogue check sees it used); the groups themselves come from contract/settings.ts.
 */
export type FieldKind =
  'text' | 'url' | 'email' | 'number' | 'secret' | 'boolean' | 'currency' | 'select' | 'providers' | 'levels' | 'dates';

export interface FieldMeta {
  label: AdminKey;
  kind: FieldKind;
  hint?: AdminKey;
  /** The choices of a 'select'. */
  options?: readonly { value: string; label: AdminKey }[];
}

export const FIELD_META: Record<SiteSettingsKey, FieldMeta> = {
  siteName: { label: 'settings.field.siteName.label', kind: 'text' },
  siteUrl: { label: 'settings.field.siteUrl.label', kind: 'url' },
  frontendUrl: { label: 'settings.field.frontendUrl.label', kind: 'url', hint: 'settings.field.frontendUrl.hint' },
  defaultCurrency: { label: 'settings.field.defaultCurrency.label', kind: 'currency' },
  supportEmail: { label: 'settings.field.supportEmail.label', kind: 'email' },
  smtpHost: { label: 'settings.field.smtpHost.label', kind: 'text' },
  smtpPort: { label: 'settings.field.smtpPort.label', kind: 'number' },
  smtpUser: { label: 'settings.field.smtpUser.label', kind: 'text' },
  smtpPass: { label: 'settings.field.smtpPass.label', kind: 'secret' },
  fromEmail: { label: 'settings.field.fromEmail.label', kind: 'email' },
  btcpayServerUrl: { label: 'settings.field.btcpayServerUrl.label', kind: 'url' },
  btcpayApiKey: { label: 'settings.field.btcpayApiKey.label', kind: 'secret' },
  btcpayStoreId: { label: 'settings.field.btcpayStoreId.label', kind: 'text' },
  btcpayWebhookSecret: { label: 'settings.field.btcpayWebhookSecret.label', kind: 'secret' },
  btcpayOrderReturnUrl: { label: 'settings.field.btcpayOrderReturnUrl.label', kind: 'url' },
  coingeckoEndpoint: { label: 'settings.field.coingeckoEndpoint.label', kind: 'url' },
  priceRefreshSeconds: { label: 'settings.field.priceRefreshSeconds.label', kind: 'number' },
  adminCode: { label: 'settings.field.adminCode.label', kind: 'secret' },
  liveChatWidgetId: {
    label: 'settings.field.liveChatWidgetId.label',
    kind: 'text',
    hint: 'settings.field.liveChatWidgetId.hint',
  },
  socialProviders: {
    label: 'settings.field.socialProviders.label',
    kind: 'providers',
    hint: 'settings.field.socialProviders.hint',
  },
  googleClientId: {
    label: 'settings.field.googleClientId.label',
    kind: 'text',
    hint: 'settings.field.googleClientId.hint',
  },
  googleClientSecret: { label: 'settings.field.googleClientSecret.label', kind: 'secret' },
  facebookClientId: {
    label: 'settings.field.facebookClientId.label',
    kind: 'text',
    hint: 'settings.field.facebookClientId.hint',
  },
  facebookClientSecret: { label: 'settings.field.facebookClientSecret.label', kind: 'secret' },
  twitterClientId: {
    label: 'settings.field.twitterClientId.label',
    kind: 'text',
    hint: 'settings.field.twitterClientId.hint',
  },
  twitterClientSecret: { label: 'settings.field.twitterClientSecret.label', kind: 'secret' },
  telegramBotToken: { label: 'settings.field.telegramBotToken.label', kind: 'secret' },
  maintenanceMode: {
    label: 'settings.field.maintenanceMode.label',
    kind: 'boolean',
    hint: 'settings.field.maintenanceMode.hint',
  },
  requireVerifiedEmailToLogin: { label: 'settings.field.requireVerifiedEmailToLogin.label', kind: 'boolean' },
  requireStaffSecondFactor: {
    label: 'settings.field.requireStaffSecondFactor.label',
    kind: 'boolean',
    hint: 'settings.field.requireStaffSecondFactor.hint',
  },
  securityHoldHours: {
    label: 'settings.field.securityHoldHours.label',
    kind: 'number',
    hint: 'settings.field.securityHoldHours.hint',
  },
  accrualIntervalMinutes: { label: 'settings.field.accrualIntervalMinutes.label', kind: 'number' },
  holidays: { label: 'settings.field.holidays.label', kind: 'dates', hint: 'settings.field.holidays.hint' },
  referralLevels: {
    label: 'settings.field.referralLevels.label',
    kind: 'levels',
    hint: 'settings.field.referralLevels.hint',
  },
  withdrawalMin: {
    label: 'settings.field.withdrawalMin.label',
    kind: 'text',
    hint: 'settings.field.withdrawalMin.hint',
  },
  withdrawalMax: {
    label: 'settings.field.withdrawalMax.label',
    kind: 'text',
    hint: 'settings.field.withdrawalMax.hint',
  },
  withdrawalFeeFixed: {
    label: 'settings.field.withdrawalFeeFixed.label',
    kind: 'text',
    hint: 'settings.field.withdrawalFeeFixed.hint',
  },
  withdrawalFeePercent: {
    label: 'settings.field.withdrawalFeePercent.label',
    kind: 'text',
    hint: 'settings.field.withdrawalFeePercent.hint',
  },
  kycRequiredForWithdrawal: { label: 'settings.field.kycRequiredForWithdrawal.label', kind: 'boolean' },
  kycRequiredAboveInvestment: {
    label: 'settings.field.kycRequiredAboveInvestment.label',
    kind: 'text',
    hint: 'settings.field.kycRequiredAboveInvestment.hint',
  },
  withdrawalPayoutTime: {
    label: 'settings.field.withdrawalPayoutTime.label',
    kind: 'text',
    hint: 'settings.field.withdrawalPayoutTime.hint',
  },
  payoutMode: {
    label: 'settings.field.payoutMode.label',
    kind: 'select',
    options: [
      { value: 'manual', label: 'settings.field.payoutMode.options.manual' },
      { value: 'btcpay', label: 'settings.field.payoutMode.options.btcpay' },
    ],
    hint: 'settings.field.payoutMode.hint',
  },
  autoApproveMax: {
    label: 'settings.field.autoApproveMax.label',
    kind: 'text',
    hint: 'settings.field.autoApproveMax.hint',
  },
  autoApproveDailyMax: {
    label: 'settings.field.autoApproveDailyMax.label',
    kind: 'text',
    hint: 'settings.field.autoApproveDailyMax.hint',
  },
  autoApproveMinAccountDays: {
    label: 'settings.field.autoApproveMinAccountDays.label',
    kind: 'number',
    hint: 'settings.field.autoApproveMinAccountDays.hint',
  },
  fourEyesWithdrawalMin: {
    label: 'settings.field.fourEyesWithdrawalMin.label',
    kind: 'text',
    hint: 'settings.field.fourEyesWithdrawalMin.hint',
  },
  fourEyesDepositMin: {
    label: 'settings.field.fourEyesDepositMin.label',
    kind: 'text',
    hint: 'settings.field.fourEyesDepositMin.hint',
  },
  payoutStuckHours: {
    label: 'settings.field.payoutStuckHours.label',
    kind: 'number',
    hint: 'settings.field.payoutStuckHours.hint',
  },
  depositAddressBtc: {
    label: 'settings.field.depositAddressBtc.label',
    kind: 'text',
    hint: 'settings.field.depositAddressBtc.hint',
  },
  depositAddressUsdt: { label: 'settings.field.depositAddressUsdt.label', kind: 'text' },
  depositAddressLtc: { label: 'settings.field.depositAddressLtc.label', kind: 'text' },
  depositInstructions: {
    label: 'settings.field.depositInstructions.label',
    kind: 'text',
    hint: 'settings.field.depositInstructions.hint',
  },
};

export const GROUP_META: Record<SettingsGroup, { title: AdminKey; description: AdminKey }> = {
  general: { title: 'settings.group.general.title', description: 'settings.group.general.description' },
  email: { title: 'settings.group.email.title', description: 'settings.group.email.description' },
  payment: { title: 'settings.group.payment.title', description: 'settings.group.payment.description' },
  api: { title: 'settings.group.api.title', description: 'settings.group.api.description' },
  social: { title: 'settings.group.social.title', description: 'settings.group.social.description' },
  operations: { title: 'settings.group.operations.title', description: 'settings.group.operations.description' },
  withdrawals: { title: 'settings.group.withdrawals.title', description: 'settings.group.withdrawals.description' },
  deposits: { title: 'settings.group.deposits.title', description: 'settings.group.deposits.description' },
};

export const GROUPS = Object.keys(SETTINGS_GROUPS) as SettingsGroup[];
export const groupFields = (g: SettingsGroup) => SETTINGS_GROUPS[g].fields as readonly SiteSettingsKey[];
export const isSecretField = (k: string) => (SECRET_FIELDS as readonly string[]).includes(k);
export const isOptional = (g: SettingsGroup, k: SiteSettingsKey) =>
  (SETTINGS_GROUPS[g].optional as readonly string[]).includes(k);
