import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft, Braces, Mail } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { toast } from '../../../lib/toast';
import { isEmailEvent, zTemplateParts, type EmailEvent } from '@contract/email-templates';
import { isLocale, LOCALE_NAMES, type Locale } from '@contract/locales';
import { ApiError, errorMessage, fieldIssues } from '../../../api/client';
import {
  useEmailTemplate,
  usePreviewTemplate,
  useResetTemplate,
  useSaveTemplate,
  useSendTestTemplate,
  type EmailTemplate,
  type RenderedEmail,
  type TemplateParts,
} from '../../../api/emailTemplates';
import { useSession } from '../../../api/session';
import { PageHeader, SectionCard } from '../../../components/Card';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { Field, inputClass, TextField } from '../../../components/FormField';
import { Notice } from '../../../components/Notice';
import { QueryView } from '../../../components/QueryView';
import { formatDateTime } from '../../../lib/format';
import { usePageTitle } from '../../../lib/usePageTitle';
import { TemplateHistory } from './TemplateHistory';
import { TemplatePreview } from './TemplatePreview';
import { EVENT_NAME, isVariable, VARIABLE } from './words';

const PARTS = ['subject', 'html', 'text'] as const;
const codeClass = `${inputClass} font-mono text-xs leading-relaxed`;

/** The event's variables, each with its meaning and sample value; a click copies its Liquid tag. */
function Variables({ template }: { template: EmailTemplate }) {
  const { t } = useTranslation('adminEmails');
  return (
    <SectionCard title={t('variables.title')} description={t('variables.description')} icon={Braces}>
      <ul className="flex flex-col gap-2" data-testid="template-variables">
        {template.variables.map((v) => {
          const tag = `{{ ${v.name} }}`;
          return (
            <li key={v.name} className="flex flex-col gap-0.5 text-sm">
              <button
                type="button"
                className="self-start rounded bg-surface-2 px-1.5 py-0.5 font-mono text-xs text-accent hover:underline"
                aria-label={t('variables.copyLabel', { tag })}
                onClick={() =>
                  void navigator.clipboard?.writeText(tag).then(() => toast.success(t('variables.copied', { tag })))
                }
              >
                {tag}
              </button>
              <span className="text-muted">{isVariable(v.name) ? t(VARIABLE[v.name]) : v.name}</span>
              {v.sample ? <span className="break-all text-xs text-muted/80">{v.sample}</span> : null}
            </li>
          );
        })}
      </ul>
    </SectionCard>
  );
}

function Editor({ event, locale, template }: { event: EmailEvent; locale: Locale; template: EmailTemplate }) {
  const { t } = useTranslation('adminEmails');
  const isAdmin = useSession().data?.role === 'admin';
  const target = { event, locale };
  const save = useSaveTemplate(target);
  const reset = useResetTemplate(target);
  const preview = usePreviewTemplate(target);
  const sendTest = useSendTestTemplate(target);
  const [rendered, setRendered] = useState<RenderedEmail | null>(null);
  const [confirmReset, setConfirmReset] = useState(false);
  const form = useForm<TemplateParts>({ resolver: zodResolver(zTemplateParts), defaultValues: template.current });
  const { errors } = form.formState;
  const ids = { html: useId(), text: useId() };

  // A save or reset (this tab's own, or a reload) puts the template in use back in the editor.
  const current = template.current;
  useEffect(() => form.reset(current), [form, current]);

  /** A refusal of the server on the form: each part that does not render is marked with why. */
  const onFailure = (err: unknown, fallback: string) => {
    const issues = fieldIssues(err).filter((i): i is { field: (typeof PARTS)[number]; message: string } =>
      (PARTS as readonly string[]).includes(i.field),
    );
    for (const issue of issues) form.setError(issue.field, { message: issue.message });
    toast.error(
      err instanceof ApiError && err.code === 'TEMPLATE_INVALID' ? t('editor.invalid') : errorMessage(err, fallback),
    );
  };

  const onPreview = form.handleSubmit((parts) =>
    preview.mutate(parts, { onSuccess: setRendered, onError: (err) => onFailure(err, t('editor.previewFailed')) }),
  );
  const onSave = form.handleSubmit((parts) =>
    save.mutate(
      { ...parts, baseVersion: template.version },
      { onSuccess: () => toast.success(t('toast.saved')), onError: (err) => onFailure(err, t('editor.saveFailed')) },
    ),
  );
  const onSendTest = form.handleSubmit((parts) =>
    sendTest.mutate(parts, {
      onSuccess: ({ status }) =>
        status === 'stored' ? toast.info(t('toast.testStored')) : toast.success(t('toast.testSent')),
      onError: (err) => onFailure(err, t('editor.testFailed')),
    }),
  );

  const newest = template.history[0];
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <div className="flex min-w-0 flex-col gap-6">
        <Notice tone={template.customized ? 'success' : 'info'} testId="template-state">
          {template.customized && newest
            ? t('editor.inUseEdited', {
                version: newest.version,
                by: newest.createdBy ?? t('history.someone'),
                date: formatDateTime(newest.createdAt),
              })
            : t('editor.inUse')}
        </Notice>
        <form className="card flex flex-col gap-4 p-5" onSubmit={onSave} noValidate aria-label={t('editor.save')}>
          <TextField
            label={t('editor.subject')}
            className="font-mono"
            readOnly={!isAdmin}
            error={errors.subject?.message}
            {...form.register('subject')}
          />
          <Field id={ids.html} label={t('editor.html')} error={errors.html?.message}>
            <textarea
              id={ids.html}
              rows={14}
              spellCheck={false}
              readOnly={!isAdmin}
              className={codeClass}
              aria-invalid={errors.html ? true : undefined}
              aria-describedby={errors.html ? `${ids.html}-error` : undefined}
              {...form.register('html')}
            />
          </Field>
          <Field id={ids.text} label={t('editor.text')} error={errors.text?.message}>
            <textarea
              id={ids.text}
              rows={9}
              spellCheck={false}
              readOnly={!isAdmin}
              className={codeClass}
              aria-invalid={errors.text ? true : undefined}
              aria-describedby={errors.text ? `${ids.text}-error` : undefined}
              {...form.register('text')}
            />
          </Field>
          <div className="flex flex-wrap justify-end gap-2">
            <button
              type="button"
              className="btn-secondary"
              onClick={() => void onPreview()}
              disabled={preview.isPending}
            >
              {preview.isPending ? t('editor.previewing') : t('editor.preview')}
            </button>
            {isAdmin ? (
              <>
                {template.customized ? (
                  <button type="button" className="btn-ghost" onClick={() => setConfirmReset(true)}>
                    {t('editor.reset')}
                  </button>
                ) : null}
                <button
                  type="button"
                  className="btn-secondary"
                  onClick={() => void onSendTest()}
                  disabled={sendTest.isPending}
                >
                  <Mail className="size-4" aria-hidden="true" />
                  {sendTest.isPending ? t('editor.sending') : t('editor.sendTest')}
                </button>
                <button type="submit" className="btn-primary" disabled={save.isPending}>
                  {save.isPending ? t('editor.saving') : t('editor.save')}
                </button>
              </>
            ) : null}
          </div>
        </form>
        <TemplatePreview email={rendered} />
      </div>
      <div className="flex min-w-0 flex-col gap-6">
        <Variables template={template} />
        <TemplateHistory
          template={template}
          onLoad={(parts, version) => {
            form.reset(parts, { keepDefaultValues: true });
            toast.info(t('history.loaded', { version }));
          }}
        />
      </div>
      <ConfirmDialog
        open={confirmReset}
        onCancel={() => setConfirmReset(false)}
        onConfirm={() =>
          reset.mutate(template.version, {
            onSuccess: () => {
              setConfirmReset(false);
              toast.success(t('toast.reset'));
            },
            onError: (err) => toast.error(errorMessage(err, t('editor.resetFailed'))),
          })
        }
        title={t('editor.resetTitle')}
        description={t('editor.resetDescription', { language: LOCALE_NAMES[locale] })}
        confirmLabel={t('editor.resetConfirm')}
        busyLabel={t('editor.resetBusy')}
        busy={reset.isPending}
      />
    </div>
  );
}

/** One email event in one language: its Liquid template, with preview, test send, reset and history. */
export function Component() {
  const { t } = useTranslation('adminEmails');
  const params = useParams();
  const event = params.event ?? '';
  const locale = params.locale ?? '';
  const known = isEmailEvent(event) && isLocale(locale);
  const title = known ? t('editor.title', { event: t(EVENT_NAME[event]), language: LOCALE_NAMES[locale] }) : '';
  usePageTitle(title || t('list.title'));
  return (
    <div className="mx-auto flex w-full max-w-6xl min-w-0 flex-col gap-6 px-4 py-6 sm:px-6 lg:py-8">
      <Link to="/app/admin/email-templates" className="inline-flex items-center gap-1.5 self-start text-sm text-accent">
        <ArrowLeft className="size-4" aria-hidden="true" />
        {t('editor.back')}
      </Link>
      {known ? (
        <>
          <PageHeader
            title={title}
            description={t('editor.description', { printTag: '{{ name }}', ifTag: '{% if name %}…{% endif %}' })}
          />
          <TemplateQuery event={event} locale={locale} />
        </>
      ) : (
        <Notice tone="error">{t('editor.unknownEvent')}</Notice>
      )}
    </div>
  );
}

function TemplateQuery({ event, locale }: { event: EmailEvent; locale: Locale }) {
  const { t } = useTranslation('adminEmails');
  const query = useEmailTemplate({ event, locale });
  return (
    <QueryView query={query} fallback={t('editor.loadFailed')}>
      {(template) => <Editor key={`${event}/${locale}`} event={event} locale={locale} template={template} />}
    </QueryView>
  );
}
