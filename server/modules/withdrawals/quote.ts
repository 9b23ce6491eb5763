import type { WithdrawalCurrency, WithdrawalQuote } from '../../../contract/funds';
import { fromCents, toCents } from '../../../contract/money';
import type { SiteSettings } from '../../../contract/settings';
import type { Db } from '../../db/client';
import { loadUserFor, type AuthContext } from '../../lib/auth-context';
import { routeOf } from './approval';
import { payoutStore } from './payouts';
import { maskDestination, planWithdrawal } from './service';

const min = (a: bigint, b: bigint) => (a < b ? a : b);

/**
 * The largest BTC withdrawal the rules can send without staff, in cents, or null when none is sent
 * automatically. Settings keep the daily limit at or above it and the two-approval threshold too, but a
 * withdrawal at the threshold needs two approvals, so there it is a cent lower. The investor reads it as
 * the general rule; whether their own withdrawal qualifies is `pays`.
 */
export function autoPayMaxCents(s: SiteSettings): bigint | null {
  if (!payoutStore(s, 'BTC') || s.autoApproveMax === '') return null;
  let max = toCents(s.autoApproveMax);
  if (s.fourEyesWithdrawalMin !== '') max = min(max, toCents(s.fourEyesWithdrawalMin) - 1n);
  return max > 0n ? max : null;
}

/**
 * What a withdrawal of the caller's would be (fee, net, masked destination), why it would be refused if it
 * would, and whether it would be sent automatically: the same rules the request runs, with this user's facts.
 */
export async function quoteWithdrawal(
  db: Db,
  settings: SiteSettings,
  caller: AuthContext,
  amount: bigint,
  currency: WithdrawalCurrency,
  now: Date,
): Promise<WithdrawalQuote> {
  const user = await loadUserFor(db, caller, caller.userId, 'read');
  const p = await planWithdrawal(db, settings, user, amount, currency, now);
  const route = await routeOf(db, settings, { userId: user.id, amount, currency }, now);
  const autoMax = autoPayMaxCents(settings);
  return {
    amount: fromCents(p.amount),
    fee: fromCents(p.fee),
    netAmount: fromCents(p.amount > p.fee ? p.amount - p.fee : 0n),
    currency: p.currency,
    destination: p.destination ? maskDestination(p.destination) : null,
    availableBalance: fromCents(p.available),
    minimum: fromCents(p.minimum),
    maximum: p.maximum === null ? null : fromCents(p.maximum),
    securityHoldUntil: p.holdUntil?.toISOString() ?? null,
    problem: p.problem?.message ?? null,
    problemCode: p.problem?.code ?? null,
    pays: route.route === 'auto' ? 'automatically' : 'after-review',
    autoPayMax: autoMax === null ? null : fromCents(autoMax),
  };
}
