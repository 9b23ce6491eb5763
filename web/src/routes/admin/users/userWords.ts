import { useTranslation } from 'react-i18next';
import type { AccountState, Role, UserStatus } from '@contract/users';

// Keys spelled out whole, one per value, so the catalogue check sees each one used.
const ROLE = {
  user: 'users.role.user',
  admin: 'users.role.admin',
  moderator: 'users.role.moderator',
} as const satisfies Record<Role, string>;
const STATUS = { active: 'users.status.active', suspended: 'users.status.suspended' } as const satisfies Record<
  UserStatus,
  string
>;
const ACCOUNT_STATE = {
  active: 'users.accountState.active',
  unverified: 'users.accountState.unverified',
  suspended: 'users.accountState.suspended',
} as const satisfies Record<AccountState, string>;

const has = <T extends object>(map: T, key: string): key is Extract<keyof T, string> => Object.hasOwn(map, key);

/** A user's role, status and account state in the active language; an unknown value as it is. */
export function useUserWords() {
  const { t } = useTranslation('admin');
  return {
    role: (r: string) => (has(ROLE, r) ? t(ROLE[r]) : r),
    status: (s: string) => (has(STATUS, s) ? t(STATUS[s]) : s),
    accountState: (s: string) => (has(ACCOUNT_STATE, s) ? t(ACCOUNT_STATE[s]) : s),
  };
}
