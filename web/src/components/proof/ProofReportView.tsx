import { CircleCheck, CircleX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ProofDocument } from '@contract/proof-of-liabilities';
import { centsOf, type CheckName, type ProofReport, type SumNode } from '@contract/proof-of-liabilities-tree';
import { Notice } from '../Notice';
import { formatCentsUsd, formatNumber } from '../../lib/format';

const CHECK = {
  commitment: 'report.check.commitment',
  balance: 'report.check.balance',
  shape: 'report.check.shape',
  sums: 'report.check.sums',
  root: 'report.check.root',
  total: 'report.check.total',
  published: 'report.check.published',
} as const satisfies Record<CheckName, string>;

/** Cents as dollars when they are whole cents, else as they were written (a tampered proof's "1.5"). */
const money = (value: unknown) => {
  const cents = centsOf(value);
  return cents === null ? String(value) : formatCentsUsd(cents);
};

function Node({ label, node }: { label: string; node: SumNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-0.5">
      <span className="text-xs text-muted">{label}</span>
      <code className="text-xs break-all">{node.hash}</code>
      <span className="text-sm font-medium">{formatCentsUsd(node.sum)}</span>
    </div>
  );
}

/** What a verification found: the verdict, each check, and the path recomputed step by step. */
export function ProofReportView({ report, proof }: { report: ProofReport; proof: ProofDocument }) {
  const { t } = useTranslation('proof');
  return (
    <div className="flex flex-col gap-4" data-testid="proof-report" data-ok={report.ok ? 'true' : 'false'}>
      <Notice
        tone={report.ok ? 'success' : 'error'}
        title={report.ok ? t('report.verified') : t('report.failed')}
        testId="proof-verdict"
      >
        {report.ok
          ? t('report.verifiedBody', {
              balance: money(proof.balanceCents),
              id: proof.snapshot.id,
              total: money(proof.snapshot.totalCents),
            })
          : t('report.failedBody')}
      </Notice>
      <div>
        <h3 className="text-sm font-semibold">{t('report.checks')}</h3>
        <ul className="mt-2 flex flex-col gap-2">
          {report.checks.map((c) => (
            <li key={c.name} className="flex gap-2 text-sm" data-testid="proof-check" data-ok={c.ok ? 'true' : 'false'}>
              {c.ok ? (
                <CircleCheck className="mt-0.5 size-4 shrink-0 text-emerald-600" aria-hidden="true" />
              ) : (
                <CircleX className="mt-0.5 size-4 shrink-0 text-red-600" aria-hidden="true" />
              )}
              <div className="min-w-0">
                <p>
                  <span className="sr-only">{c.ok ? t('report.ok') : t('report.notOk')}: </span>
                  {t(CHECK[c.name])}
                </p>
                {!c.ok && c.expected !== undefined ? (
                  <p className="text-xs break-all text-muted">{t('report.expected', { value: c.expected })}</p>
                ) : null}
                {!c.ok && c.actual !== undefined ? (
                  <p className="text-xs break-all text-muted">{t('report.actual', { value: c.actual })}</p>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      </div>
      {report.leaf ? (
        <div>
          <h3 className="text-sm font-semibold">{t('report.path.title')}</h3>
          <ol className="mt-2 flex flex-col gap-2">
            <li className="rounded-lg border border-line p-3">
              <Node label={t('report.path.leaf')} node={report.leaf} />
            </li>
            {report.steps.map((step, i) => (
              <li key={i} className="grid gap-3 rounded-lg border border-line p-3 sm:grid-cols-2">
                <Node
                  label={t(step.sibling.side === 'left' ? 'report.path.siblingLeft' : 'report.path.siblingRight', {
                    n: formatNumber(i + 1),
                  })}
                  node={step.sibling}
                />
                <Node label={t('report.path.node', { n: formatNumber(i + 1) })} node={step.node} />
              </li>
            ))}
          </ol>
          {report.steps.length === 0 ? <p className="mt-2 text-sm text-muted">{t('report.path.noSteps')}</p> : null}
        </div>
      ) : null}
    </div>
  );
}
