import { z } from 'zod';
import { fill } from './fill';
import { LOCALES } from './locales';
import { clean, text } from './text';
import { zIdParam, zPage, zPageQuery } from './pagination';
import { route, zMessage } from './route';

/** A language the platform speaks, as a user's choice. */
export const zLocale = z.enum(LOCALES);

export const ROLES = ['user', 'admin', 'moderator'] as const;
export type Role = (typeof ROLES)[number];
import { ACCOUNT_STATES, USER_STATUSES, accountState, type AccountState, type UserStatus } from './account-state';

export { ACCOUNT_STATES, USER_STATUSES, accountState, type AccountState, type UserStatus };
export const ACCOUNT_STATE_LABEL: Record<AccountState, string> = {
  active: 'Active',
  unverified: 'Email not confirmed',
  suspended: 'Suspended',
};

/** Why an account may not move money, worded for what the user tried (whole sentences: each is translated). */
const CONFIRM_EMAIL_TO = {
  deposit:
    'Please confirm your email address before depositing. Use the link we emailed you, or send a new one from your profile.',
  invest:
    'Please confirm your email address before investing. Use the link we emailed you, or send a new one from your profile.',
  withdraw:
    'Please confirm your email address before withdrawing. Use the link we emailed you, or send a new one from your profile.',
} as const;
export const AccountMsg = {
  confirmEmailTo: (action: keyof typeof CONFIRM_EMAIL_TO) => CONFIRM_EMAIL_TO[action],
  suspended: 'Your account is suspended. Please contact support.',
} as const;

export const NAME_MIN = 2;
export const USERNAME_MIN = 3;
export const PHONE_MIN = 10;
export const MIN_AGE = 18;
export const PASSWORD_MIN = 8;

export const Msg = {
  stepInvalid: 'Please fill in all required fields correctly before proceeding.',
  passwordsMismatch: 'Passwords do not match',
  mustAgree: 'You must agree to the Terms and Conditions',
  fillAllFields: 'Please fill in all fields',
  firstName: fill('First name must be at least {{min}} characters', { min: NAME_MIN }),
  lastName: fill('Last name must be at least {{min}} characters', { min: NAME_MIN }),
  userName: fill('Username must be at least {{min}} characters (letters, digits, . _ -)', { min: USERNAME_MIN }),
  email: 'Please enter a valid email address',
  phone: fill('Phone number must be at least {{min}} characters', { min: PHONE_MIN }),
  dateOfBirth: 'Please enter a valid date of birth',
  tooYoung: fill('You must be at least {{age}} years old to register', { age: MIN_AGE }),
  country: 'Please select your country',
  password: fill('Password must be at least {{min}} characters', { min: PASSWORD_MIN }),
} as const;

/** Whole years between a YYYY-MM-DD birth date and `today` (UTC), or null when not a real date. */
export function ageOn(dateOfBirth: string, today: Date): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(dateOfBirth);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const born = new Date(Date.UTC(y, mo - 1, d));
  if (born.getUTCFullYear() !== y || born.getUTCMonth() !== mo - 1 || born.getUTCDate() !== d) return null;
  if (born.getTime() > today.getTime() || y < 1900) return null;
  let age = today.getUTCFullYear() - y;
  if (today.getUTCMonth() < mo - 1 || (today.getUTCMonth() === mo - 1 && today.getUTCDate() < d)) age -= 1;
  return age;
}

const trimmed = (max: number) => text().trim().max(max);
export const zFirstName = trimmed(50).min(NAME_MIN, Msg.firstName);
export const zLastName = trimmed(50).min(NAME_MIN, Msg.lastName);
export const zUserName = trimmed(30)
  .min(USERNAME_MIN, Msg.userName)
  .regex(/^[A-Za-z0-9._-]+$/, Msg.userName);
export const zEmail = text().trim().toLowerCase().max(254).pipe(z.email(Msg.email));
export const zPhone = trimmed(20)
  .min(PHONE_MIN, Msg.phone)
  .regex(/^[0-9+()\-.\s]+$/, Msg.phone);
export const zPassword = text().min(PASSWORD_MIN, Msg.password).max(128, 'Password must be at most 128 characters');
export const zWallet = trimmed(120).regex(/^[A-Za-z0-9]*$/, 'Wallet address may contain only letters and digits');
/** Bank details a USD withdrawal is paid to. */
export const zBankDetails = z.object({
  accountHolder: trimmed(120),
  bankName: trimmed(120),
  accountNumber: trimmed(40).regex(/^[A-Za-z0-9 ]*$/, 'Account number or IBAN may contain only letters and digits'),
  swift: trimmed(11).regex(/^([A-Za-z0-9]{8}([A-Za-z0-9]{3})?)?$/, 'SWIFT/BIC must be 8 or 11 letters and digits'),
});
export const zDateOfBirth = text()
  .trim()
  .refine((v) => ageOn(v, new Date()) !== null, Msg.dateOfBirth)
  .refine((v) => (ageOn(v, new Date()) ?? 0) >= MIN_AGE, Msg.tooYoung);

export const zRegistration = z
  .object({
    firstName: zFirstName,
    lastName: zLastName,
    userName: zUserName,
    email: zEmail,
    phone: zPhone,
    dateOfBirth: zDateOfBirth,
    country: trimmed(2).length(2, Msg.country).toUpperCase(),
    btcWallet: zWallet.optional().default(''),
    ethWallet: zWallet.optional().default(''),
    password: zPassword,
    confirmPassword: text(),
    agreement: z.boolean().refine((v) => v, Msg.mustAgree),
    referrerId: trimmed(30).optional().default(''),
    /** The language the visitor was reading in: the confirmation email and later mail use it. */
    locale: zLocale.optional(),
  })
  .refine((r) => r.password === r.confirmPassword, { message: Msg.passwordsMismatch, path: ['confirmPassword'] });
export type Registration = z.input<typeof zRegistration>;

/** POST /users/register: the new account, its email not yet confirmed. */
export const zRegistered = z.object({
  message: z.string(),
  user: z.object({ id: z.number(), userName: z.string(), email: z.string() }),
});
/** GET /users/confirm-email/:token */
export const zEmailTokenParams = z.object({ token: text().min(1).max(200) });
/** POST /users/resend-confirmation (the same answer for any address). */
export const zResendConfirmation = z.object({ email: text().trim().min(1).max(254) });

/** The profile as the API returns it (spec §3 User/profile). */
export const zProfile = z.object({
  id: z.number(),
  userName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  country: z.string(),
  zipcode: z.string(),
  dateOfBirth: z.string().nullable(),
  profileImage: z.string().nullable(),
  createdAt: z.string(),
  role: z.enum(ROLES),
  status: z.enum(USER_STATUSES),
  isEmailVerified: z.boolean(),
  twoFactorEnabled: z.boolean(),
  hasCompletedOnboarding: z.boolean(),
  emailNotifications: z.boolean(),
  telegramNotifications: z.boolean(),
  maxDevices: z.number(),
  mustChangePassword: z.boolean(),
  securityHoldUntil: z.string().nullable(),
  Account: z.object({
    BTC_Wallet_Address: z.string(),
    ETH_Wallet_Address: z.string(),
  }),
  bank: z.object({ accountHolder: z.string(), bankName: z.string(), accountNumber: z.string(), swift: z.string() }),
});
export type Profile = z.infer<typeof zProfile>;

/** Profile PUT: own fields for everyone; the admin-only ones are refused (403) from anyone else. */
export const zProfileUpdate = z.object({
  firstName: zFirstName.optional(),
  lastName: zLastName.optional(),
  email: zEmail.optional(),
  phone: z.union([z.literal(''), zPhone]).optional(),
  address: trimmed(200).optional(),
  city: trimmed(100).optional(),
  state: trimmed(100).optional(),
  country: z.union([z.literal(''), trimmed(2).length(2, Msg.country).toUpperCase()]).optional(),
  zipcode: trimmed(20).optional(),
  dateOfBirth: zDateOfBirth.optional(),
  hasCompletedOnboarding: z.boolean().optional(),
  emailNotifications: z.boolean().optional(),
  telegramNotifications: z.boolean().optional(),
  /** Payout details change only through PUT /users/:id/payout-details (password required). */
  bank: z.undefined({ message: 'Bank details change under Payout details, with your password' }).optional(),
  // Admin only:
  role: z.enum(ROLES).optional(),
  status: z.enum(USER_STATUSES).optional(),
  isEmailVerified: z.boolean().optional(),
  maxDevices: z.number().int().min(1).max(100).optional(),
  twoFactorEnabled: z.literal(false).optional(),
});
export type ProfileUpdate = z.infer<typeof zProfileUpdate>;
export const zProfileUpdated = z.object({ message: z.string(), user: zProfile });
export const ADMIN_ONLY_PROFILE_FIELDS = [
  'role',
  'status',
  'isEmailVerified',
  'maxDevices',
  'twoFactorEnabled',
] as const;

export const zPasswordChange = z
  .object({
    currentPassword: text().min(1, Msg.fillAllFields).max(128),
    newPassword: zPassword,
    confirmPassword: text().min(1, Msg.fillAllFields),
  })
  .refine((r) => r.newPassword === r.confirmPassword, { message: Msg.passwordsMismatch, path: ['confirmPassword'] });
export type PasswordChange = z.infer<typeof zPasswordChange>;

export const ProfileMsg = {
  updated: 'Profile updated successfully',
  passwordUpdated: 'Password updated successfully',
  wrongPassword: 'Current password is incorrect',
  imageUpdated: 'Profile image updated successfully',
  imageInvalid: 'Please upload a JPEG, PNG, GIF or WebP image of at most 2 MB',
  adminFields: 'Only an admin can change role, status, email verification, device limit or two-factor settings',
} as const;

/** A user in staff lists and selects (GET /api/users). */
export const zUserSummary = z.object({
  id: z.number(),
  userName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  status: z.enum(USER_STATUSES),
  createdAt: z.string(),
});
export type UserSummary = z.infer<typeof zUserSummary>;
/** Longest search of a staff user list; the search box takes no more. */
export const USER_SEARCH_MAX = 100;
export const zUserListQuery = z.object({ search: text().trim().max(USER_SEARCH_MAX).optional() });

/** Spec §8 Users messages. */
export const UsersMsg = {
  created: 'User created successfully',
  updated: 'User updated successfully',
  deleted: 'User deleted successfully',
  statusUpdated: 'User status updated successfully',
  selfDelete: 'You cannot delete your own account',
  selfSuspend: 'You cannot demote or suspend your own account',
  userNameTaken: 'This username is already taken',
  emailTaken: 'An account with this email already exists',
} as const;

/** POST /users: the admin user form (spec §3 Admin user form), validated like registration. */
export const zAdminUserCreate = z
  .object({
    firstName: zFirstName,
    lastName: zLastName,
    userName: zUserName,
    email: zEmail,
    phone: z
      .union([z.literal(''), zPhone])
      .optional()
      .default(''),
    dateOfBirth: zDateOfBirth,
    address: trimmed(200).optional().default(''),
    city: trimmed(100).optional().default(''),
    state: trimmed(100).optional().default(''),
    country: z
      .union([z.literal(''), trimmed(2).length(2, Msg.country).toUpperCase()])
      .optional()
      .default(''),
    zipcode: trimmed(20).optional().default(''),
    btcWallet: zWallet.optional().default(''),
    ethWallet: zWallet.optional().default(''),
    password: zPassword,
    confirmPassword: text(),
    role: z.enum(ROLES).default('user'),
  })
  .refine((r) => r.password === r.confirmPassword, { message: Msg.passwordsMismatch, path: ['confirmPassword'] });
export type AdminUserCreate = z.input<typeof zAdminUserCreate>;

/** PUT /users/:id/status: the status cell's toggle (suspending ends every session of the user). */
export const zUserStatusUpdate = z.object({ status: z.enum(['active', 'suspended']) });
export type UserStatusUpdate = z.infer<typeof zUserStatusUpdate>;

/** A row of the Manage users table (GET /users/all). */
export const zManagedUser = zUserSummary.extend({
  phone: z.string(),
  isEmailVerified: z.boolean(),
  twoFactorEnabled: z.boolean(),
});
export type ManagedUser = z.infer<typeof zManagedUser>;
/** A user created or whose status changed, with its message. */
export const zManagedUserSaved = z.object({ message: z.string(), user: zManagedUser });

/** GET /users/all: the page plus `totalRecords` (= totalItems), as the spec names it. */
export const zManagedUserPage = z.object({
  data: z.array(zManagedUser),
  totalRecords: z.number().int(),
  currentPage: z.number().int(),
  totalPages: z.number().int(),
  totalItems: z.number().int(),
});
export type ManagedUserPage = z.infer<typeof zManagedUserPage>;

/** DELETE /users/:id: `soft` when ledger history kept the row (hidden, suspended). */
export const zUserDeleted = z.object({ userId: z.number(), message: z.string(), soft: z.boolean() });

/** GET /users/:id/profile-image/:name */
export const zAvatarFileParams = zIdParam.extend({ name: text().max(100) });
/** POST /users/:id/profile-image: the new avatar's URL. */
export const zAvatarUploaded = z.object({ message: z.string(), profileImage: z.string() });

const zUserListPageQuery = zPageQuery.extend(zUserListQuery.shape);

/** PUT /users/me/locale: the language the signed-in person reads the platform and their mail in. */
export const zLocaleChoice = z.object({ locale: zLocale });

export const usersApi = {
  setLocale: route({
    method: 'PUT',
    path: '/users/me/locale',
    tag: 'users',
    summary: "Choose the signed-in person's language (screens, notifications and email)",
    access: 'user',
    body: zLocaleChoice,
    response: zLocaleChoice,
    errors: [],
  }),
  register: route({
    method: 'POST',
    path: '/users/register',
    tag: 'users',
    summary: 'Register (the email is unconfirmed until its emailed link is opened)',
    access: 'public',
    body: zRegistration,
    response: zRegistered,
    status: [201],
    errors: ['EMAIL_TAKEN', 'USERNAME_TAKEN'],
  }),
  confirmEmail: route({
    method: 'GET',
    path: '/users/confirm-email/:token',
    tag: 'users',
    summary: 'Confirm an email address',
    access: 'public',
    params: zEmailTokenParams,
    response: zMessage,
    errors: ['INVALID_LINK'],
  }),
  resendConfirmation: route({
    method: 'POST',
    path: '/users/resend-confirmation',
    tag: 'users',
    summary: 'Send the confirmation link again (same answer for any address)',
    access: 'public',
    body: zResendConfirmation,
    response: zMessage,
    errors: [],
  }),
  profile: route({
    method: 'GET',
    path: '/users/profile/:id',
    tag: 'users',
    summary: 'A profile (own, or any for staff)',
    access: 'user',
    params: zIdParam,
    response: zProfile,
    errors: ['FORBIDDEN', 'NOT_FOUND'],
  }),
  updateProfile: route({
    method: 'PUT',
    path: '/users/profile/:id',
    tag: 'users',
    summary: 'Edit a profile (own, or any for admins; role/status/verification/devices/2FA-off admin only)',
    access: 'user',
    params: zIdParam,
    body: zProfileUpdate,
    response: zProfileUpdated,
    errors: ['FORBIDDEN', 'NOT_FOUND', 'ADMIN_REQUIRED', 'SELF_LOCKOUT', 'EMAIL_TAKEN'],
  }),
  changePassword: route({
    method: 'PUT',
    path: '/users/:id/password',
    tag: 'users',
    summary: 'Change own password (ends other sessions)',
    access: 'user',
    params: zIdParam,
    body: zPasswordChange,
    response: zMessage,
    errors: ['FORBIDDEN', 'NOT_FOUND', 'WRONG_PASSWORD'],
  }),
  uploadAvatar: route({
    method: 'POST',
    path: '/users/:id/profile-image',
    tag: 'users',
    summary: 'Upload an avatar (multipart field profileImage; JPEG/PNG/GIF/WebP, at most 2 MB)',
    access: 'user',
    consumes: ['multipart/form-data'],
    params: zIdParam,
    response: zAvatarUploaded,
    errors: ['FORBIDDEN', 'NOT_FOUND', 'INVALID_IMAGE'],
  }),
  avatar: route({
    method: 'GET',
    path: '/users/:id/profile-image/:name',
    tag: 'users',
    summary: 'An avatar image (own, or any for staff)',
    access: 'user',
    params: zAvatarFileParams,
    response: null,
    errors: ['FORBIDDEN', 'NOT_FOUND'],
  }),
  managed: route({
    method: 'GET',
    path: '/users/all',
    tag: 'users',
    summary: 'Users for the Manage users table (staff); deleted users hidden',
    access: 'staff',
    query: zUserListPageQuery,
    response: zManagedUserPage,
    errors: [],
  }),
  summaries: route({
    method: 'GET',
    path: '/users',
    tag: 'users',
    summary: 'Users for staff lists and selects, searchable by name, user name or email',
    access: 'staff',
    query: zUserListPageQuery,
    response: zPage(zUserSummary),
    errors: [],
  }),
  create: route({
    method: 'POST',
    path: '/users',
    tag: 'users',
    summary: 'Create a user from the admin user form (admin); starts active and verified',
    access: 'admin',
    body: zAdminUserCreate,
    response: zManagedUserSaved,
    status: [201],
    errors: ['EMAIL_TAKEN', 'USERNAME_TAKEN'],
  }),
  setStatus: route({
    method: 'PUT',
    path: '/users/:id/status',
    tag: 'users',
    summary: 'Toggle a user between active and suspended (admin); suspending ends their sessions',
    access: 'admin',
    params: zIdParam,
    body: zUserStatusUpdate,
    response: zManagedUserSaved,
    errors: ['NOT_FOUND', 'SELF_LOCKOUT'],
  }),
  remove: route({
    method: 'DELETE',
    path: '/users/:id',
    tag: 'users',
    summary: 'Delete a user (admin); with ledger history the user is soft-deleted instead',
    access: 'admin',
    params: zIdParam,
    response: zUserDeleted,
    errors: ['NOT_FOUND', 'SELF_DELETE'],
  }),
};

/** Security hold messages. */
export const SecurityHoldMsg = {
  ended: 'Security hold ended: the user can withdraw again',
  shortened: 'Security hold shortened',
  noHold: 'This user has no security hold running',
  reasonRequired: 'Give the reason (at least 5 characters): the user is told it',
  untilRange: 'The new end must be in the future and before the current end',
} as const;

/** PUT /users/:id/security-hold: an admin ends a user's withdrawal hold now, or shortens it to `until`. */
export const zSecurityHoldChange = z.object({
  reason: text().trim().min(5, SecurityHoldMsg.reasonRequired).max(500),
  /** An earlier end for the running hold; absent ends it now. */
  until: clean(z.iso.datetime({ offset: true, message: 'Use an ISO date-time' })).optional(),
});
export type SecurityHoldChange = z.infer<typeof zSecurityHoldChange>;
export const zSecurityHoldChanged = z.object({ message: z.string(), securityHoldUntil: z.string().nullable() });

export const securityHoldApi = {
  change: route({
    method: 'PUT',
    path: '/users/:id/security-hold',
    tag: 'users',
    summary: "End or shorten a user's running security hold (admin), with a reason: audited, the user notified",
    access: 'admin',
    params: zIdParam,
    body: zSecurityHoldChange,
    response: zSecurityHoldChanged,
    errors: ['NOT_FOUND', 'CONFLICT'],
  }),
};
