import type { SiteSettings } from '../../../contract/settings';
import type { Job } from '../../jobs/scheduler';
import { reconcilePayouts, stuckPayouts, stuckPayoutsWarning } from './payouts';

/**
 * Follows BTCPay payouts to their end when a webhook is lost or a create failed half way, then fails (so
 * the Jobs screen and Site Health show it) while any payout is stuck past `payoutStuckHours`.
 */
export function payoutReconcileJob(settings: { get(): Promise<SiteSettings> }): Job {
  return {
    name: 'btcpay-payouts',
    intervalMs: 5 * 60_000,
    run: async (db, now) => {
      const s = await settings.get();
      const changed = await reconcilePayouts(db, s, now);
      const stuck = await stuckPayouts(db, s, now);
      if (stuck > 0) throw new Error(stuckPayoutsWarning(stuck, s.payoutStuckHours));
      return changed;
    },
  };
}
