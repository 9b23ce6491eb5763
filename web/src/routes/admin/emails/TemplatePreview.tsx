import { Eye } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RenderedEmail } from '../../../api/emailTemplates';
import { SectionCard } from '../../../components/Card';
import { Tabs } from '../../../components/ui/Tabs';

/**
 * The email as it would be sent: the subject, the HTML in a sandboxed frame (no scripts, no
 * forms, no navigation of this page), and the plain text.
 */
export function TemplatePreview({ email }: { email: RenderedEmail | null }) {
  const { t } = useTranslation('adminEmails');
  const [tab, setTab] = useState<'html' | 'text'>('html');
  return (
    <SectionCard title={t('previewCard.title')} description={t('previewCard.description')} icon={Eye}>
      {email ? (
        <div className="flex flex-col gap-3" data-testid="template-preview">
          <p className="text-sm">
            <span className="font-medium">{t('previewCard.subjectLabel')}</span>{' '}
            <span data-testid="preview-subject">{email.subject}</span>
          </p>
          <Tabs
            label={t('previewCard.title')}
            value={tab}
            onValueChange={setTab}
            compact
            tabs={[
              {
                value: 'html',
                label: t('previewCard.htmlTab'),
                content: (
                  <iframe
                    title={t('previewCard.frameTitle')}
                    sandbox=""
                    srcDoc={email.html}
                    className="h-96 w-full rounded-lg border border-line bg-white"
                  />
                ),
              },
              {
                value: 'text',
                label: t('previewCard.textTab'),
                content: (
                  <pre
                    className="max-h-96 overflow-auto rounded-lg border border-line bg-surface-2 p-3 text-sm whitespace-pre-wrap"
                    data-testid="preview-text"
                  >
                    {email.text}
                  </pre>
                ),
              },
            ]}
          />
        </div>
      ) : (
        <p className="text-sm text-muted">{t('previewCard.empty')}</p>
      )}
    </SectionCard>
  );
}
