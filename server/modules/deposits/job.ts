import type { SiteSettings } from '../../../contract/settings';
import type { Job } from '../../jobs/scheduler';
import { reconcilePendingInvoices } from './btcpay';

/** Re-checks pending BTCPay invoices so a deposit whose webhook was lost still settles. */
export function btcpayReconcileJob(settings: { get(): Promise<SiteSettings> }): Job {
  return {
    name: 'btcpay-reconcile',
    intervalMs: 10 * 60_000,
    run: async (db, now) => reconcilePendingInvoices(db, await settings.get(), now),
  };
}
