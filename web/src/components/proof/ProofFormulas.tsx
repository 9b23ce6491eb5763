import { Sigma } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../Card';

/** The tree's formulas as the verifier computes them (contract/proof-of-liabilities-tree.ts), with what each is for. */
const FORMULAS = [
  { key: 'formulas.commitment', code: 'commitment = SHA-256("user|" + salt + "|" + user_id)' },
  {
    key: 'formulas.leaf',
    code: 'leaf = { hash: SHA-256("leaf|" + commitment + "|" + balance_cents), sum: balance_cents }',
  },
  {
    key: 'formulas.node',
    code: 'parent = { hash: SHA-256("node|" + left.hash + "|" + left.sum + "|" + right.hash + "|" + right.sum), sum: left.sum + right.sum }',
  },
  { key: 'formulas.empty', code: 'empty = { hash: SHA-256("empty"), sum: 0 }' },
] as const;

export function ProofFormulas() {
  const { t } = useTranslation('proof');
  return (
    <SectionCard
      title={t('formulas.title')}
      description={t('formulas.description')}
      icon={Sigma}
      testId="proof-formulas"
    >
      <dl className="flex flex-col gap-3">
        {FORMULAS.map((f) => (
          <div key={f.key} className="flex flex-col gap-1">
            <dt className="text-sm">{t(f.key)}</dt>
            <dd>
              <code className="block rounded-lg bg-surface-2 px-3 py-2 text-xs break-all">{f.code}</code>
            </dd>
          </div>
        ))}
      </dl>
    </SectionCard>
  );
}
