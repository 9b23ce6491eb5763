/** What each background job does, in words an operator reads. */
export const JOB_LABELS: Record<string, { title: string; what: string }> = {
  accrual: {
    title: 'Daily returns (accrual)',
    what: 'Pays every due day of running investments and releases principal at plan end.',
  },
  'price-refresh': { title: 'Price refresh', what: 'Fetches crypto prices from the configured price feed.' },
  'btcpay-reconcile': {
    title: 'BTCPay reconciliation',
    what: 'Re-checks open BTCPay invoices and credits paid deposits the webhook missed.',
  },
  'session-expiry': { title: 'Session expiry', what: 'Deletes expired login sessions.' },
  'notification-delivery': {
    title: 'Notification delivery',
    what: 'Sends the queued email and Telegram copies of notifications.',
  },
  'telegram-link': { title: 'Telegram link', what: 'Reads the bot’s messages and links the chats that sent a code.' },
};

/** "every 60 minutes", "every 30 seconds", "every 24 hours". */
export function describeInterval(ms: number): string {
  const s = Math.round(ms / 1000);
  if (s < 60) return `every ${s} seconds`;
  const m = Math.round(s / 60);
  if (m === 1) return 'every minute';
  if (m < 120 && m % 60 !== 0) return `every ${m} minutes`;
  if (m % 60 === 0 && m >= 120) return `every ${m / 60} hours`;
  return `every ${m} minutes`;
}

export function describeDuration(ms: number | null): string {
  if (ms === null) return '—';
  return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`;
}
