// Apart from the user schemas (contract/users.ts re-exports them), so the signed-in header loads no zod.

/** An admin's decision alone: may this account be used. A confirmed email is `isEmailVerified`, apart. */
export const USER_STATUSES = ['active', 'suspended'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/**
 * How an account reads on every screen, from its two facts: suspended by an admin, else waiting
 * for its email to be confirmed (it may sign in and look around, but moves no money), else active.
 */
export const ACCOUNT_STATES = ['active', 'unverified', 'suspended'] as const;
export type AccountState = (typeof ACCOUNT_STATES)[number];
export const accountState = (u: { status: UserStatus; isEmailVerified: boolean }): AccountState =>
  u.status === 'suspended' ? 'suspended' : u.isEmailVerified ? 'active' : 'unverified';
