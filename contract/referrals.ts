import { z } from 'zod';
import { zPage } from './pagination';

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
