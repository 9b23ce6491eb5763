import { z } from 'zod';
import { fill } from './fill';
import { clean, text } from './text';
import { Messages } from './errors';
import { route } from './route';
import { LIVE_CHAT_ID } from './live-chat';
import { zHolidays } from './holidays';
import { formatUsd, toCents } from './money';

/** Sign-in providers the login page can offer (OAuth 2 with PKCE). */
export const SOCIAL_PROVIDERS = ['google', 'facebook', 'twitter'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

/**
 * Site settings (spec §3 "Site settings" plus the operational switches of later issues).
 * The wire shape is flat, as the spec names the fields; groups exist for validation and for
 * the admin screen's Configure modals. A group is either complete or entirely empty
 * ("not configured"); a half-filled group is refused.
 */

/** How an approved withdrawal is paid: by staff outside the platform, or as a BTCPay Server payout (BTC only). */
export const PAYOUT_MODES = ['manual', 'btcpay'] as const;
export type PayoutMode = (typeof PAYOUT_MODES)[number];

/** Cross-field refusals of the payout rules (checkSettingsGroups). */
export const PayoutRulesMsg = {
  autoAboveFourEyes: (fourEyes: bigint) =>
    fill(
      'Must not exceed the two-approval threshold ({{threshold}}): an automatic approval can never skip the second approval',
      { threshold: formatUsd(fourEyes) },
    ),
  dailyBelowMax: (max: bigint) =>
    fill('Must be at least the automatic approval limit per withdrawal ({{max}})', { max: formatUsd(max) }),
  btcpayNotConfigured: 'BTCPay payouts need the Payment settings (BTCPay Server) configured first',
} as const;

/** Fields whose values are encrypted at rest and never sent to a client. */
export const SECRET_FIELDS = [
  'smtpPass',
  'btcpayApiKey',
  'btcpayWebhookSecret',
  'adminCode',
  'telegramBotToken',
  'googleClientSecret',
  'facebookClientSecret',
  'twitterClientSecret',
] as const;
export type SecretField = (typeof SECRET_FIELDS)[number];
/** What a set secret looks like on the way out; sending it back (or blank) keeps the stored one. */
export const SECRET_MASK = '••••••••';

const url = text()
  .trim()
  .max(500)
  .refine((v) => v === '' || /^https?:\/\/[^\s]+$/i.test(v), 'Must be an http(s) URL');
const trimmed = (max: number) => text().trim().max(max);

const percent = text()
  .trim()
  .regex(/^\d{1,3}(\.\d{1,2})?$/, 'Must be a percentage with at most 2 decimals')
  .refine((v) => Number(v) <= 100, 'Must be at most 100');
/** A published payment address: letters and digits only, so it is safe in a QR code and a copy button. */
const walletText = text()
  .trim()
  .max(200)
  .regex(/^[A-Za-z0-9:]*$/, 'Must be an address of letters and digits');
const moneyText = text()
  .trim()
  .regex(/^(\d{1,13}(\.\d{1,2})?)?$/, 'Must be an amount with at most 2 decimals, or empty for none');

export const zSiteSettings = z.object({
  // General
  siteName: trimmed(100),
  siteUrl: url,
  frontendUrl: url,
  defaultCurrency: z.enum(['USD']),
  supportEmail: z.union([z.literal(''), clean(z.email().max(254))]),
  // Email (SMTP)
  smtpHost: trimmed(253),
  smtpPort: z.union([z.literal(''), z.coerce.number().int().min(1).max(65535)]),
  smtpUser: trimmed(254),
  smtpPass: trimmed(500),
  fromEmail: z.union([z.literal(''), clean(z.email().max(254))]),
  // Payment (BTCPay Server)
  btcpayServerUrl: url,
  btcpayApiKey: trimmed(500),
  btcpayStoreId: trimmed(200),
  btcpayWebhookSecret: trimmed(500),
  btcpayOrderReturnUrl: url,
  // API
  coingeckoEndpoint: url,
  priceRefreshSeconds: z.coerce.number().int().min(10).max(86_400),
  adminCode: trimmed(200),
  /** A Tawk.to widget: `propertyId/widgetId` as its embed code shows it; empty = no live chat. */
  liveChatWidgetId: text()
    .trim()
    .max(200)
    .refine(
      (v) => v === '' || LIVE_CHAT_ID.test(v),
      'Use the widget id from the Tawk.to embed code: propertyId/widgetId (letters and digits)',
    ),
  socialProviders: z.array(z.enum(SOCIAL_PROVIDERS)).max(3),
  /** OAuth client of each provider (its app's id and secret); a listed provider needs both. */
  googleClientId: trimmed(300),
  googleClientSecret: trimmed(500),
  facebookClientId: trimmed(300),
  facebookClientSecret: trimmed(500),
  twitterClientId: trimmed(300),
  twitterClientSecret: trimmed(500),
  telegramBotToken: trimmed(200),
  // Operations
  maintenanceMode: z.boolean(),
  requireVerifiedEmailToLogin: z.boolean(),
  /** Staff (admins, moderators) must hold a passkey or TOTP before the admin area opens to them. */
  requireStaffSecondFactor: z.boolean(),
  securityHoldHours: z.coerce.number().int().min(0).max(720),
  accrualIntervalMinutes: z.coerce.number().int().min(1).max(1440),
  /** UTC dates (YYYY-MM-DD) on which working-days plans pay nothing (contract/holidays.ts). */
  holidays: zHolidays,
  // Referrals: percentage of each invested principal paid to level 1, 2, 3...
  referralLevels: z.array(percent).max(10),
  // Withdrawals and KYC
  withdrawalMin: moneyText,
  withdrawalMax: moneyText,
  withdrawalFeeFixed: moneyText,
  withdrawalFeePercent: z.union([z.literal(''), percent]),
  kycRequiredForWithdrawal: z.boolean(),
  kycRequiredAboveInvestment: moneyText,
  /** How long a payout usually takes, e.g. "24 hours": said when a withdrawal is requested; empty says nothing. */
  withdrawalPayoutTime: trimmed(100),
  payoutMode: z.enum(PAYOUT_MODES),
  /** Largest withdrawal approved without staff; empty = none is. */
  autoApproveMax: moneyText,
  /** Most a user may withdraw in 24 hours with automatic approval; empty = only the per-withdrawal limit. */
  autoApproveDailyMax: moneyText,
  autoApproveMinAccountDays: z.coerce.number().int().min(0).max(3650),
  /** From this amount a withdrawal (or a manual deposit) needs two different staff approvals; empty = never. */
  fourEyesWithdrawalMin: moneyText,
  fourEyesDepositMin: moneyText,
  /** A payout not final after this long is flagged in Site Health and Jobs. */
  payoutStuckHours: z.coerce.number().int().min(1).max(720),
  // Deposit instructions: where to pay when deposits wait for an admin (no BTCPay)
  depositAddressBtc: walletText,
  depositAddressUsdt: walletText,
  depositAddressLtc: walletText,
  /** Shown with the address; `{reference}` becomes the deposit's reference. */
  depositInstructions: trimmed(500),
});
export type SiteSettings = z.infer<typeof zSiteSettings>;
export type SiteSettingsKey = keyof SiteSettings;

export const DEFAULT_SETTINGS: SiteSettings = {
  siteName: 'MineVest',
  siteUrl: 'http://localhost:3000',
  frontendUrl: 'http://localhost:3000',
  defaultCurrency: 'USD',
  supportEmail: '',
  smtpHost: '',
  smtpPort: '',
  smtpUser: '',
  smtpPass: '',
  fromEmail: '',
  btcpayServerUrl: '',
  btcpayApiKey: '',
  btcpayStoreId: '',
  btcpayWebhookSecret: '',
  btcpayOrderReturnUrl: '',
  coingeckoEndpoint: 'https://api.coingecko.com/api/v3',
  priceRefreshSeconds: 60,
  adminCode: '',
  liveChatWidgetId: '',
  socialProviders: [],
  googleClientId: '',
  googleClientSecret: '',
  facebookClientId: '',
  facebookClientSecret: '',
  twitterClientId: '',
  twitterClientSecret: '',
  telegramBotToken: '',
  maintenanceMode: false,
  requireVerifiedEmailToLogin: false,
  requireStaffSecondFactor: false,
  securityHoldHours: 24,
  accrualIntervalMinutes: 60,
  holidays: [],
  referralLevels: ['5', '2', '1'],
  withdrawalMin: '',
  withdrawalMax: '',
  withdrawalFeeFixed: '',
  withdrawalFeePercent: '',
  kycRequiredForWithdrawal: true,
  kycRequiredAboveInvestment: '',
  withdrawalPayoutTime: '',
  payoutMode: 'manual',
  autoApproveMax: '',
  autoApproveDailyMax: '',
  autoApproveMinAccountDays: 7,
  fourEyesWithdrawalMin: '',
  fourEyesDepositMin: '',
  payoutStuckHours: 24,
  depositAddressBtc: '',
  depositAddressUsdt: '',
  depositAddressLtc: '',
  depositInstructions: '',
};

/**
 * Groups as the admin screen shows them. `optional` fields may stay empty in a configured
 * group; `allOrNothing` groups may instead be entirely empty, meaning "not configured".
 */
export const SETTINGS_GROUPS = {
  general: {
    fields: ['siteName', 'siteUrl', 'frontendUrl', 'defaultCurrency', 'supportEmail'],
    optional: ['supportEmail'],
    allOrNothing: false,
  },
  email: {
    fields: ['smtpHost', 'smtpPort', 'smtpUser', 'smtpPass', 'fromEmail'],
    optional: ['smtpUser', 'smtpPass'],
    allOrNothing: true,
  },
  payment: {
    fields: ['btcpayServerUrl', 'btcpayApiKey', 'btcpayStoreId', 'btcpayWebhookSecret', 'btcpayOrderReturnUrl'],
    optional: [],
    allOrNothing: true,
  },
  api: {
    fields: ['coingeckoEndpoint', 'priceRefreshSeconds', 'adminCode', 'liveChatWidgetId', 'telegramBotToken'],
    optional: ['adminCode', 'liveChatWidgetId', 'telegramBotToken'],
    allOrNothing: false,
  },
  social: {
    fields: [
      'socialProviders',
      'googleClientId',
      'googleClientSecret',
      'facebookClientId',
      'facebookClientSecret',
      'twitterClientId',
      'twitterClientSecret',
    ],
    optional: [
      'socialProviders',
      'googleClientId',
      'googleClientSecret',
      'facebookClientId',
      'facebookClientSecret',
      'twitterClientId',
      'twitterClientSecret',
    ],
    allOrNothing: false,
  },
  operations: {
    fields: [
      'maintenanceMode',
      'requireVerifiedEmailToLogin',
      'requireStaffSecondFactor',
      'securityHoldHours',
      'accrualIntervalMinutes',
      'holidays',
      'referralLevels',
    ],
    optional: ['holidays', 'referralLevels'],
    allOrNothing: false,
  },
  withdrawals: {
    fields: [
      'withdrawalMin',
      'withdrawalMax',
      'withdrawalFeeFixed',
      'withdrawalFeePercent',
      'kycRequiredForWithdrawal',
      'kycRequiredAboveInvestment',
      'withdrawalPayoutTime',
      'payoutMode',
      'autoApproveMax',
      'autoApproveDailyMax',
      'autoApproveMinAccountDays',
      'fourEyesWithdrawalMin',
      'fourEyesDepositMin',
      'payoutStuckHours',
    ],
    optional: [
      'withdrawalMin',
      'withdrawalMax',
      'withdrawalFeeFixed',
      'withdrawalFeePercent',
      'kycRequiredAboveInvestment',
      'withdrawalPayoutTime',
      'autoApproveMax',
      'autoApproveDailyMax',
      'fourEyesWithdrawalMin',
      'fourEyesDepositMin',
    ],
    allOrNothing: false,
  },
  deposits: {
    fields: ['depositAddressBtc', 'depositAddressUsdt', 'depositAddressLtc', 'depositInstructions'],
    optional: ['depositAddressBtc', 'depositAddressUsdt', 'depositAddressLtc', 'depositInstructions'],
    allOrNothing: false,
  },
} as const satisfies Record<
  string,
  { fields: readonly SiteSettingsKey[]; optional: readonly SiteSettingsKey[]; allOrNothing: boolean }
>;
export type SettingsGroup = keyof typeof SETTINGS_GROUPS;

/** PUT body: any subset of the fields (the admin screen sends the whole object back; unknown keys are dropped). */
export const zSiteSettingsUpdate = zSiteSettings.partial();
export type SiteSettingsUpdate = z.infer<typeof zSiteSettingsUpdate>;

/** GET answer for admins: every field, secrets masked, plus what is configured. */
export const zSiteSettingsView = zSiteSettings.extend({
  smtpConfigured: z.boolean(),
  btcpayConfigured: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type SiteSettingsView = z.infer<typeof zSiteSettingsView>;

/** The few values the public pages need; nothing secret, nothing operational beyond these. */
export const zPublicSettings = z.object({
  siteName: z.string(),
  siteUrl: z.string(),
  defaultCurrency: z.string(),
  supportEmail: z.string(),
  liveChatWidgetId: z.string(),
  socialProviders: z.array(z.string()),
  maintenanceMode: z.boolean(),
});
export type PublicSettings = z.infer<typeof zPublicSettings>;

function isEmpty(v: unknown): boolean {
  return v === '' || v === undefined || v === null || (Array.isArray(v) && v.length === 0);
}

/** What the settings screen's connection tests answer (the admin reads them beside the group they test). */
export const SettingsTestMsg = {
  smtpNotConfigured: 'SMTP is not configured: fill in the Email Configuration group first.',
  emailSent: (address: string) => fill('Test email sent to {{address}}', { address }),
  smtpError: (error: string | null | undefined) =>
    error ? fill('SMTP error: {{error}}', { error }) : 'SMTP error: the mail could not be sent',
  btcpayNotConfigured: 'BTCPay Server is not configured: fill in the Payment Settings group first.',
  connected: (store: string, id: string) =>
    fill('Connected to BTCPay Server: store "{{store}}" ({{id}})', { store, id }),
} as const;

/** The payout check's answers (BTCPay sends approved withdrawals by itself, or why not). */
export const PayoutTestMsg = {
  notConfigured:
    'BTCPay Server is not configured: fill in the Payment Settings group first, then set Payout mode to BTCPay.',
  unreachable: (error: string) => fill('BTCPay Server is not reachable: {{error}}', { error }),
  refused: (error: string) =>
    fill(
      "BTCPay Server refused the check: {{error}}. Check the API key (it needs to view the store's settings) and the store id.",
      { error },
    ),
  noProcessor: (store: string) =>
    fill(
      'Store "{{store}}" has no automated payout processor for on-chain BTC, so approved payouts would wait in BTCPay unsent. Enable it in BTCPay: Store → Payout Processors → Automated Bitcoin Sender.',
      { store },
    ),
  ready: (store: string) =>
    fill('Payouts ready: store "{{store}}" sends on-chain BTC payouts automatically.', { store }),
  /** Ready, while withdrawals are still paid by hand. */
  readyManual: (store: string) =>
    fill(
      'Payouts ready: store "{{store}}" sends on-chain BTC payouts automatically. Payout mode is still manual: set it to BTCPay in this group for withdrawals to be paid through it.',
      { store },
    ),
} as const;

/** The completeness check's refusals; a group that may stay empty says so by its name. */
export const SettingsMsg = {
  required: 'This field is required',
  groupRequired: {
    email: 'Required to configure email settings (or clear the whole group)',
    payment: 'Required to configure payment settings (or clear the whole group)',
  } as Partial<Record<SettingsGroup, string>>,
  providerRequired: (provider: string) => fill('Required while {{provider}} sign-in is enabled', { provider }),
} as const;

/** Per-group completeness check on a merged settings object; returns failing fields. */
export function checkSettingsGroups(s: SiteSettings): { field: string; message: string }[] {
  const issues: { field: string; message: string }[] = [];
  for (const [name, group] of Object.entries(SETTINGS_GROUPS)) {
    const required = group.fields.filter((f) => !(group.optional as readonly string[]).includes(f));
    const allEmpty = group.fields.every((f) => isEmpty(s[f]));
    if (group.allOrNothing && allEmpty) continue;
    for (const f of required) {
      if (isEmpty(s[f])) {
        issues.push({
          field: f,
          message: group.allOrNothing
            ? (SettingsMsg.groupRequired[name as SettingsGroup] ?? SettingsMsg.required)
            : SettingsMsg.required,
        });
      }
    }
  }
  // A social provider shown on the login page must have a working OAuth client behind it.
  for (const provider of s.socialProviders) {
    for (const f of [`${provider}ClientId`, `${provider}ClientSecret`] as const) {
      if (isEmpty(s[f])) issues.push({ field: f, message: SettingsMsg.providerRequired(provider) });
    }
  }
  issues.push(...checkPayoutRules(s));
  return issues;
}

const cents = (v: string) => (v === '' ? null : toCents(v));

/** The payout rules must agree with each other, whatever order an admin sets them in. */
function checkPayoutRules(s: SiteSettings): { field: string; message: string }[] {
  const issues: { field: string; message: string }[] = [];
  const autoMax = cents(s.autoApproveMax);
  const dailyMax = cents(s.autoApproveDailyMax);
  const fourEyes = cents(s.fourEyesWithdrawalMin);
  if (autoMax !== null && fourEyes !== null && autoMax > fourEyes)
    issues.push({ field: 'autoApproveMax', message: PayoutRulesMsg.autoAboveFourEyes(fourEyes) });
  if (autoMax !== null && dailyMax !== null && dailyMax < autoMax)
    issues.push({ field: 'autoApproveDailyMax', message: PayoutRulesMsg.dailyBelowMax(autoMax) });
  if (s.payoutMode === 'btcpay' && !isBtcpayConfigured(s))
    issues.push({ field: 'payoutMode', message: PayoutRulesMsg.btcpayNotConfigured });
  return issues;
}

export function isSmtpConfigured(s: SiteSettings): boolean {
  return !isEmpty(s.smtpHost);
}
export function isBtcpayConfigured(s: SiteSettings): boolean {
  return !isEmpty(s.btcpayServerUrl);
}

/** POST /utils/site-settings/test-email: where to (the admin's own address when empty). */
export const zTestEmailRequest = z.object({ to: z.union([z.literal(''), clean(z.email().max(254))]).optional() });
/** The answer of a settings test action: whether it worked and what happened, in words. */
export const zSettingsTestResult = z.object({ ok: z.boolean(), message: z.string() });
export type SettingsTestResult = z.infer<typeof zSettingsTestResult>;

export const settingsApi = {
  get: route({
    method: 'GET',
    path: '/utils/site-settings',
    tag: 'settings',
    summary: 'All site settings (staff read them; only admins change them); secrets come back masked',
    access: 'staff',
    response: zSiteSettingsView,
    errors: [],
  }),
  update: route({
    method: 'PUT',
    path: '/utils/site-settings',
    tag: 'settings',
    summary: 'Update site settings (admin); a blank or masked secret keeps the stored one',
    access: 'admin',
    deniedMessage: Messages.settingsForbidden,
    body: zSiteSettingsUpdate,
    response: zSiteSettingsView,
    errors: [],
  }),
  public: route({
    method: 'GET',
    path: '/utils/public-settings',
    tag: 'settings',
    summary: 'The few settings the public pages need',
    access: 'public',
    response: zPublicSettings,
    errors: [],
  }),
  testEmail: route({
    method: 'POST',
    path: '/utils/site-settings/test-email',
    tag: 'settings',
    summary: 'Send a test email through the configured SMTP server (admin)',
    access: 'admin',
    deniedMessage: Messages.settingsForbidden,
    body: zTestEmailRequest,
    response: zSettingsTestResult,
    errors: [],
  }),
  testBtcpay: route({
    method: 'POST',
    path: '/utils/site-settings/test-btcpay',
    tag: 'settings',
    summary: 'Check the configured BTCPay Server store through the Greenfield API (admin)',
    access: 'admin',
    deniedMessage: Messages.settingsForbidden,
    response: zSettingsTestResult,
    errors: [],
  }),
  testPayouts: route({
    method: 'POST',
    path: '/utils/site-settings/test-payouts',
    tag: 'settings',
    summary: 'Check that the BTCPay store is reachable and sends BTC payouts by itself (admin)',
    access: 'admin',
    deniedMessage: Messages.settingsForbidden,
    response: zSettingsTestResult,
    errors: [],
  }),
};
