import { z } from 'zod';
import { zIdParam, zPage, zPageQuery } from './pagination';
import { route } from './route';

/** A referred user with the bonus income they brought their referrer. */
export const zReferral = z.object({
  id: z.number(),
  userName: z.string(),
  registrationDate: z.string(),
  totalTransactions: z.number(),
  referrerId: z.number().nullable(),
  referrerUserName: z.string().nullable(),
});
export type Referral = z.infer<typeof zReferral>;

export const zReferralPage = zPage(zReferral);
export type ReferralPage = z.infer<typeof zReferralPage>;

/** `GET /api/users/:id/referral-balance`: a user's total referral income. */
export const zReferralBalance = z.object({ userId: z.number(), totalReferralBonus: z.number() });
export type ReferralBalance = z.infer<typeof zReferralBalance>;

export const referralsApi = {
  ofUser: route({
    method: 'GET',
    path: '/users/:id/referrals',
    tag: 'referrals',
    summary: "A user's direct referrals with the income each brought (own, or any for staff)",
    access: 'user',
    params: zIdParam,
    query: zPageQuery,
    response: zReferralPage,
    errors: ['FORBIDDEN', 'NOT_FOUND'],
  }),
  balance: route({
    method: 'GET',
    path: '/users/:id/referral-balance',
    tag: 'referrals',
    summary: 'Total referral income of a user (own, or any for staff)',
    access: 'user',
    params: zIdParam,
    response: zReferralBalance,
    errors: ['FORBIDDEN', 'NOT_FOUND'],
  }),
  all: route({
    method: 'GET',
    path: '/referrals',
    tag: 'referrals',
    summary: 'Every referred user (staff)',
    access: 'staff',
    query: zPageQuery,
    response: zReferralPage,
    errors: [],
  }),
};
