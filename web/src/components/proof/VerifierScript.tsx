import { Terminal } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import script from '../../../../scripts/verify-liabilities.mjs?raw';
import { SectionCard } from '../Card';

/** The standalone verifier, the very file the platform's tests run, offered for download with how to run it. */
export function VerifierScript() {
  const { t } = useTranslation('proof');
  const download = () => {
    const url = URL.createObjectURL(new Blob([script], { type: 'text/javascript' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'verify-liabilities.mjs';
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <SectionCard title={t('script.title')} description={t('script.description')} icon={Terminal}>
      <div className="flex flex-col gap-3">
        <code className="block rounded-lg bg-surface-2 px-3 py-2 text-xs break-all">
          node verify-liabilities.mjs snapshot.json proof.json
        </code>
        <p className="text-sm text-muted">{t('script.result')}</p>
        <div>
          <button type="button" className="btn-secondary whitespace-normal" onClick={download}>
            {t('script.download')}
          </button>
        </div>
      </div>
    </SectionCard>
  );
}
