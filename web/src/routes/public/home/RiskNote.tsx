import { TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RISK_LINK } from '../../../content/marketing';

/** The one-line risk disclosure shown next to any advertised return. */
export function RiskNote({ className = '' }: { className?: string }) {
  const { t } = useTranslation('public');
  const { t: tc } = useTranslation('common');
  return (
    <p className={`flex items-start gap-2 text-sm text-muted ${className}`} data-testid="risk-note">
      <TriangleAlert className="mt-0.5 size-4 shrink-0 text-accent" aria-hidden="true" />
      <span>
        {tc('risk.notice')}{' '}
        <Link to={RISK_LINK} className="font-semibold text-accent underline underline-offset-2">
          {t('home.riskNote.readTerms')}
        </Link>
        .
      </span>
    </p>
  );
}
