import { useId, useState } from 'react';
import { toast } from 'sonner';
import { formatUsd, wireToCents } from '@contract/money';
import { totalReturnCents } from '@contract/returns';
import type { PayoutPeriod } from '@contract/schedule';
import { errorMessage } from '../../../api/client';
import { useEndInvestment, useSetCompounding, type Investment } from '../../../api/investments';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { formatMoney } from '../../../lib/format';

/** The unit of each payout period, for "every day", "per week"... */
export const PERIOD_NOUN: Record<PayoutPeriod, string> = {
  hourly: 'hour',
  daily: 'day',
  weekly: 'week',
  monthly: 'month',
};

/**
 * The share of each payout added to the principal, changed by the investor within the plan's range; the
 * server applies it from the next payout.
 */
export function CompoundingControl({ investment: inv }: { investment: Investment }) {
  const range = inv.compounding!;
  const [percent, setPercent] = useState(inv.compoundPercent);
  const save = useSetCompounding();
  const id = useId();
  const submit = () =>
    save.mutate(
      { id: inv.id, percent },
      {
        onSuccess: ({ message }) => toast.success(message),
        onError: (err) => toast.error(errorMessage(err, 'Could not change the compounding')),
      },
    );
  return (
    <div className="flex flex-col gap-1 rounded-lg bg-surface-2 p-3 text-sm" data-testid="compounding-control">
      <label htmlFor={id} className="font-medium">
        Compound {percent}% of each payout
      </label>
      <div className="flex items-center gap-2">
        <input
          id={id}
          type="range"
          className="min-w-0 flex-1 accent-[var(--color-accent)]"
          min={range.min}
          max={range.max}
          step={1}
          value={percent}
          onChange={(e) => setPercent(Number(e.target.value))}
        />
        <button
          type="button"
          className="btn-secondary px-3 py-1 text-sm"
          onClick={submit}
          disabled={save.isPending || percent === inv.compoundPercent}
        >
          {save.isPending ? 'Saving...' : 'Save'}
        </button>
      </div>
      <p className="text-xs text-muted">
        Between {range.min}% and {range.max}%: added to your principal from the next payout
        {inv.compounded > 0 ? `; ${formatMoney(inv.compounded)} added so far` : ''}.
      </p>
    </div>
  );
}

/** Ending an open-ended investment: what comes back (less the exit fee), or that nothing does, said first. */
export function EndInvestment({ investment: inv }: { investment: Investment }) {
  const [open, setOpen] = useState(false);
  const end = useEndInvestment();
  const principal = wireToCents(inv.principal) + wireToCents(inv.compounded);
  const left = inv.minLockPeriods - inv.paidPeriods;
  if (left > 0)
    return (
      <p className="text-xs text-muted" data-testid="end-locked">
        Can be ended after {left} more payout{left === 1 ? '' : 's'}.
      </p>
    );
  // The server's own rule: round_half_even(principal × fee).
  const fee = totalReturnCents(principal, Math.round(inv.earlyExitFee * 100));
  const description = !inv.capitalReturned
    ? `This plan does not return its principal: ending it stops the payouts and your ${formatUsd(principal)} principal is not returned.`
    : fee > 0n
      ? `You receive ${formatUsd(principal - fee)}: your ${formatUsd(principal)} principal less the ${inv.earlyExitFee}% exit fee (${formatUsd(fee)}). Payouts stop.`
      : `Your ${formatUsd(principal)} principal goes back to your available balance. Payouts stop.`;
  const confirm = () =>
    end.mutate(inv.id, {
      onSuccess: ({ message }) => {
        setOpen(false);
        toast.success(message);
      },
      onError: (err) => {
        setOpen(false);
        toast.error(errorMessage(err, 'Could not end the investment'));
      },
    });
  return (
    <>
      <button type="button" className="btn-secondary text-sm" onClick={() => setOpen(true)}>
        End investment
      </button>
      <ConfirmDialog
        open={open}
        onCancel={() => setOpen(false)}
        onConfirm={confirm}
        title={`End your ${inv.planName} investment?`}
        description={description}
        confirmLabel="End investment"
        busyLabel="Ending..."
        busy={end.isPending}
      />
    </>
  );
}
