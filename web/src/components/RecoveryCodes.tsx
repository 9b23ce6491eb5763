import { Check, Copy, Download } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../lib/toast';
import { useSiteName } from '../api/queries';
import { Notice } from './Notice';

/** Copies `text` to the clipboard and confirms for two seconds; `iconOnly` makes the label its name, not shown. */
export function CopyButton({
  text,
  label: ownLabel,
  className = 'btn-secondary',
  iconOnly = false,
}: {
  text: string;
  label?: string;
  className?: string;
  iconOnly?: boolean;
}) {
  const { t } = useTranslation(['ui', 'common']);
  const label = ownLabel ?? t('common:action.copy');
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), 2000);
    return () => window.clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      toast.error(t('recovery.copyFailed'));
    }
  };
  return (
    <button
      type="button"
      className={className}
      onClick={() => void copy()}
      aria-label={iconOnly ? (copied ? t('common:action.copied') : label) : undefined}
      title={iconOnly ? label : undefined}
    >
      {copied ? <Check className="size-4" aria-hidden="true" /> : <Copy className="size-4" aria-hidden="true" />}
      {iconOnly ? null : copied ? t('common:action.copied') : label}
    </button>
  );
}

/** The ten one-time recovery codes, shown once, with copy and download. */
export function RecoveryCodes({ codes }: { codes: string[] }) {
  const siteName = useSiteName();
  const { t } = useTranslation(['ui', 'common']);
  const text = codes.join('\n');
  const download = () => {
    const url = URL.createObjectURL(
      new Blob([`${t('recovery.fileHeading', { site: siteName })}\n\n${text}\n`], { type: 'text/plain' }),
    );
    const link = document.createElement('a');
    link.href = url;
    link.download = `${siteName.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-recovery-codes.txt`;
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <div className="flex flex-col gap-4" data-testid="recovery-codes">
      <Notice tone="warning" title={t('recovery.saveTitle')}>
        {t('recovery.saveBody')}
      </Notice>
      <ul className="grid grid-cols-2 gap-2 rounded-xl bg-surface-2 p-4 font-mono text-sm sm:text-base">
        {codes.map((code) => (
          <li key={code} className="text-center tracking-wider">
            {code}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <CopyButton text={text} label={t('recovery.copyCodes')} />
        <button type="button" className="btn-secondary" onClick={download}>
          <Download className="size-4" aria-hidden="true" />
          {t('common:action.download')}
        </button>
      </div>
    </div>
  );
}
