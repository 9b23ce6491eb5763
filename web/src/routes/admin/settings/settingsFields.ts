import { SECRET_FIELDS, SETTINGS_GROUPS, type SettingsGroup, type SiteSettingsKey } from '@contract/settings';

/** How the Configure modals show each field; the groups themselves come from contract/settings.ts. */
export type FieldKind =
  'text' | 'url' | 'email' | 'number' | 'secret' | 'boolean' | 'currency' | 'select' | 'providers' | 'levels' | 'dates';

export interface FieldMeta {
  label: string;
  kind: FieldKind;
  hint?: string;
  /** The choices of a 'select'. */
  options?: readonly { value: string; label: string }[];
}

export const FIELD_META: Record<SiteSettingsKey, FieldMeta> = {
  siteName: { label: 'Site name', kind: 'text' },
  siteUrl: { label: 'Site URL', kind: 'url' },
  frontendUrl: { label: 'Frontend URL', kind: 'url', hint: 'Where links in emails point.' },
  defaultCurrency: { label: 'Default currency', kind: 'currency' },
  supportEmail: { label: 'Support email', kind: 'email' },
  smtpHost: { label: 'SMTP host', kind: 'text' },
  smtpPort: { label: 'SMTP port', kind: 'number' },
  smtpUser: { label: 'SMTP user', kind: 'text' },
  smtpPass: { label: 'SMTP password', kind: 'secret' },
  fromEmail: { label: 'From email', kind: 'email' },
  btcpayServerUrl: { label: 'BTCPay Server URL', kind: 'url' },
  btcpayApiKey: { label: 'BTCPay API key', kind: 'secret' },
  btcpayStoreId: { label: 'BTCPay store ID', kind: 'text' },
  btcpayWebhookSecret: { label: 'BTCPay webhook secret', kind: 'secret' },
  btcpayOrderReturnUrl: { label: 'Order return URL', kind: 'url' },
  coingeckoEndpoint: { label: 'CoinGecko endpoint', kind: 'url' },
  priceRefreshSeconds: { label: 'Price refresh (seconds)', kind: 'number' },
  adminCode: { label: 'Admin code', kind: 'secret' },
  liveChatWidgetId: {
    label: 'Live chat widget ID',
    kind: 'text',
    hint: 'Tawk.to propertyId/widgetId; empty for no live chat.',
  },
  socialProviders: {
    label: 'Social login providers',
    kind: 'providers',
    hint: 'Each one ticked needs its OAuth client id and secret below.',
  },
  googleClientId: { label: 'Google client ID', kind: 'text', hint: 'Redirect URI: <site>/api/auth/google/callback' },
  googleClientSecret: { label: 'Google client secret', kind: 'secret' },
  facebookClientId: { label: 'Facebook app ID', kind: 'text', hint: 'Redirect URI: <site>/api/auth/facebook/callback' },
  facebookClientSecret: { label: 'Facebook app secret', kind: 'secret' },
  twitterClientId: {
    label: 'X (Twitter) client ID',
    kind: 'text',
    hint: 'Redirect URI: <site>/api/auth/twitter/callback',
  },
  twitterClientSecret: { label: 'X (Twitter) client secret', kind: 'secret' },
  telegramBotToken: { label: 'Telegram bot token', kind: 'secret' },
  maintenanceMode: {
    label: 'Maintenance mode',
    kind: 'boolean',
    hint: 'Money actions are paused for everyone but staff.',
  },
  requireVerifiedEmailToLogin: { label: 'Require a verified email to log in', kind: 'boolean' },
  securityHoldHours: {
    label: 'Security hold (hours)',
    kind: 'number',
    hint: 'Withdrawals pause this long after a password, 2FA, email or payout change.',
  },
  accrualIntervalMinutes: { label: 'Accrual interval (minutes)', kind: 'number' },
  holidays: {
    label: 'Holidays (UTC dates)',
    kind: 'dates',
    hint: 'YYYY-MM-DD, separated by commas or lines. Plans paying on working days only pay nothing on these days.',
  },
  referralLevels: {
    label: 'Referral levels (%)',
    kind: 'levels',
    hint: 'Percent per level, comma-separated, e.g. 5, 2, 1.',
  },
  withdrawalMin: { label: 'Minimum withdrawal ($)', kind: 'text', hint: 'Empty for none.' },
  withdrawalMax: { label: 'Maximum withdrawal ($)', kind: 'text', hint: 'Empty for none.' },
  withdrawalFeeFixed: { label: 'Withdrawal fee, fixed ($)', kind: 'text', hint: 'Empty for none.' },
  withdrawalFeePercent: { label: 'Withdrawal fee (%)', kind: 'text', hint: 'Empty for none.' },
  kycRequiredForWithdrawal: { label: 'KYC required to withdraw', kind: 'boolean' },
  kycRequiredAboveInvestment: { label: 'KYC required above investment ($)', kind: 'text', hint: 'Empty for never.' },
  withdrawalPayoutTime: {
    label: 'Usual payout time',
    kind: 'text',
    hint: 'E.g. "24 hours": a withdrawal request then says it is usually paid within that. Empty says nothing.',
  },
  payoutMode: {
    label: 'Payout mode',
    kind: 'select',
    options: [
      { value: 'manual', label: 'Manual: staff approve and pay every withdrawal' },
      { value: 'btcpay', label: 'BTCPay: approved BTC withdrawals are paid as BTCPay payouts' },
    ],
    hint: 'USDT-TRON and USD withdrawals are always paid by staff.',
  },
  autoApproveMax: {
    label: 'Automatic approval up to ($)',
    kind: 'text',
    hint: 'BTCPay mode: a BTC withdrawal up to this amount is approved without staff when every rule holds. Empty for never.',
  },
  autoApproveDailyMax: {
    label: 'Automatic approval per user per 24 hours ($)',
    kind: 'text',
    hint: 'At least the limit above. Empty for no daily limit.',
  },
  autoApproveMinAccountDays: {
    label: 'Automatic approval: account at least (days) old',
    kind: 'number',
    hint: 'Younger accounts wait for staff.',
  },
  fourEyesWithdrawalMin: {
    label: 'Two approvals for withdrawals from ($)',
    kind: 'text',
    hint: 'Two different staff members must approve; the requester never approves. Empty for never.',
  },
  fourEyesDepositMin: {
    label: 'Two approvals for manual deposits from ($)',
    kind: 'text',
    hint: 'Empty for never.',
  },
  payoutStuckHours: {
    label: 'Payout stuck after (hours)',
    kind: 'number',
    hint: 'A payout not finished by then shows a warning in Site Health and Jobs.',
  },
  depositAddressBtc: { label: 'BTC deposit address', kind: 'text', hint: 'Empty: BTC deposits show no address.' },
  depositAddressUsdt: { label: 'USDT (TRON) deposit address', kind: 'text' },
  depositAddressLtc: { label: 'LTC deposit address', kind: 'text' },
  depositInstructions: {
    label: 'Payment instructions',
    kind: 'text',
    hint: 'Shown with the address; {reference} becomes the deposit’s reference, e.g. "Put {reference} in the memo."',
  },
};

export const GROUP_META: Record<SettingsGroup, { title: string; description: string }> = {
  general: { title: 'General Settings', description: 'Site name, addresses and currency.' },
  email: {
    title: 'Email Configuration',
    description: 'The SMTP server that sends every email. Empty means mail waits in the outbox.',
  },
  payment: {
    title: 'Payment Settings',
    description: 'BTCPay Server for crypto deposits. Empty means deposits wait for an admin.',
  },
  api: { title: 'API Settings', description: 'Price feed, live chat and Telegram.' },
  social: { title: 'Social Sign-in', description: 'Google, Facebook and X sign-in (OAuth clients).' },
  operations: {
    title: 'Operations',
    description: 'Maintenance mode, login rules, security hold, accrual, holidays and referral levels.',
  },
  withdrawals: {
    title: 'Withdrawals',
    description: 'Limits, fees, KYC, the usual payout time, payout mode and the approval rules.',
  },
  deposits: {
    title: 'Deposit Instructions',
    description: 'Where investors pay a deposit that waits for an admin (without BTCPay): an address per currency.',
  },
};

export const GROUPS = Object.keys(SETTINGS_GROUPS) as SettingsGroup[];
export const groupFields = (g: SettingsGroup) => SETTINGS_GROUPS[g].fields as readonly SiteSettingsKey[];
export const isSecretField = (k: string) => (SECRET_FIELDS as readonly string[]).includes(k);
export const isOptional = (g: SettingsGroup, k: SiteSettingsKey) =>
  (SETTINGS_GROUPS[g].optional as readonly string[]).includes(k);
