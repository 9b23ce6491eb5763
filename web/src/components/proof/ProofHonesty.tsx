import { Scale } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../Card';

/** What a proof of liabilities shows and what it cannot, said plainly wherever one is verified. */
export function ProofHonesty() {
  const { t } = useTranslation('proof');
  return (
    <SectionCard title={t('honesty.title')} icon={Scale} testId="proof-honesty">
      <div className="grid gap-6 md:grid-cols-2">
        <div>
          <h3 className="text-sm font-semibold">{t('honesty.provesTitle')}</h3>
          <ul className="mt-2 flex list-disc flex-col gap-2 pl-5 text-sm text-muted">
            <li>{t('honesty.proves.included')}</li>
            <li>{t('honesty.proves.nonNegative')}</li>
          </ul>
        </div>
        <div>
          <h3 className="text-sm font-semibold">{t('honesty.notProvesTitle')}</h3>
          <ul className="mt-2 flex list-disc flex-col gap-2 pl-5 text-sm text-muted">
            <li>{t('honesty.notProves.reserves')}</li>
            <li>{t('honesty.notProves.correct')}</li>
          </ul>
        </div>
      </div>
      <p className="mt-4 text-sm text-muted">{t('honesty.privacy')}</p>
    </SectionCard>
  );
}
