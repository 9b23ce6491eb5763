import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast';
import { wireToCents } from '@contract/money';
import { totalReturnCents } from '@contract/returns';
import { errorMessage } from '../../../api/client';
import { useEndInvestment, useSetCompounding, type Investment } from '../../../api/investments';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { translateMessage } from '../../../i18n/messages';
import { formatCentsUsd, formatMoney, formatPercent } from '../../../lib/format';

/**
 * The share of each payout added to the principal, changed by the investor within the plan's range; the
 * server applies it from the next payout.
 */
export function CompoundingControl({ investment: inv }: { investment: Investment }) {
  const { t } = useTranslation('app');
  const { t: tc } = useTranslation('common');
  const range = inv.compounding!;
  const [percent, setPercent] = useState(inv.compoundPercent);
  const save = useSetCompounding();
  const id = useId();
  const submit = () =>
    save.mutate(
      { id: inv.id, percent },
      {
        onSuccess: ({ message }) => toast.success(translateMessage(message)),
        onError: (err) => toast.error(errorMessage(err, t('investment.compound.failed'))),
      },
    );
  return (
    <div className="flex flex-col gap-1 rounded-lg bg-surface-2 p-3 text-sm" data-testid="compounding-control">
      <label htmlFor={id} className="font-medium">
        {t('investment.compound.label', { percent })}
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
          {save.isPending ? t('investment.compound.saving') : tc('action.save')}
        </button>
      </div>
      <p className="text-xs text-muted">
        {inv.compounded > 0
          ? t('investment.compound.rangeAdded', {
              min: range.min,
              max: range.max,
              amount: formatMoney(inv.compounded),
            })
          : t('investment.compound.range', { min: range.min, max: range.max })}
      </p>
    </div>
  );
}

/** Ending an open-ended investment: what comes back (less the exit fee), or that nothing does, said first. */
export function EndInvestment({ investment: inv }: { investment: Investment }) {
  const { t } = useTranslation('app');
  const [open, setOpen] = useState(false);
  const end = useEndInvestment();
  const principal = wireToCents(inv.principal) + wireToCents(inv.compounded);
  const left = inv.minLockPeriods - inv.paidPeriods;
  if (left > 0)
    return (
      <p className="text-xs text-muted" data-testid="end-locked">
        {t('investment.end.locked', { count: left })}
      </p>
    );
  // The server's own rule: round_half_even(principal × fee).
  const fee = totalReturnCents(principal, Math.round(inv.earlyExitFee * 100));
  const description = !inv.capitalReturned
    ? t('investment.end.notReturned', { principal: formatCentsUsd(principal) })
    : fee > 0n
      ? t('investment.end.withFee', {
          receive: formatCentsUsd(principal - fee),
          principal: formatCentsUsd(principal),
          rate: formatPercent(inv.earlyExitFee),
          fee: formatCentsUsd(fee),
        })
      : t('investment.end.returned', { principal: formatCentsUsd(principal) });
  const confirm = () =>
    end.mutate(inv.id, {
      onSuccess: ({ message }) => {
        setOpen(false);
        toast.success(translateMessage(message));
      },
      onError: (err) => {
        setOpen(false);
        toast.error(errorMessage(err, t('investment.end.failed')));
      },
    });
  return (
    <>
      <button type="button" className="btn-secondary text-sm" onClick={() => setOpen(true)}>
        {t('investment.end.button')}
      </button>
      <ConfirmDialog
        open={open}
        onCancel={() => setOpen(false)}
        onConfirm={confirm}
        title={t('investment.end.title', { plan: inv.planName })}
        description={description}
        confirmLabel={t('investment.end.button')}
        busyLabel={t('investment.end.busy')}
        busy={end.isPending}
      />
    </>
  );
}
