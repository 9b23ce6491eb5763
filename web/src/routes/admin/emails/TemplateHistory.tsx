import { History } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { EmailTemplate, TemplateParts } from '../../../api/emailTemplates';
import { SectionCard } from '../../../components/Card';
import { formatDateTime } from '../../../lib/format';

/** Every saved version, newest first; any can be loaded back into the editor (and saved as the newest). */
export function TemplateHistory({
  template,
  onLoad,
}: {
  template: EmailTemplate;
  onLoad: (parts: TemplateParts, version: number) => void;
}) {
  const { t } = useTranslation('adminEmails');
  return (
    <SectionCard title={t('history.title')} description={t('history.description')} icon={History}>
      {template.history.length === 0 ? (
        <p className="text-sm text-muted">{t('history.empty')}</p>
      ) : (
        <ol className="flex flex-col divide-y divide-line" data-testid="template-history">
          {template.history.map((h) => {
            const parts =
              h.subject !== null && h.html !== null && h.text !== null
                ? { subject: h.subject, html: h.html, text: h.text }
                : template.defaults;
            return (
              <li key={h.version} className="flex flex-wrap items-center justify-between gap-2 py-2.5">
                <div className="min-w-0">
                  <p className="text-sm font-medium">
                    {h.action === 'reset'
                      ? t('history.reset', { version: h.version })
                      : t('history.edit', { version: h.version })}
                  </p>
                  <p className="text-xs text-muted">
                    {t('history.by', { by: h.createdBy ?? t('history.someone'), date: formatDateTime(h.createdAt) })}
                  </p>
                </div>
                <button
                  type="button"
                  className="btn-ghost text-sm"
                  aria-label={t('history.loadLabel', { version: h.version })}
                  onClick={() => onLoad(parts, h.version)}
                >
                  {t('history.load')}
                </button>
              </li>
            );
          })}
        </ol>
      )}
    </SectionCard>
  );
}
