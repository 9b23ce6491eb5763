import { zodResolver } from '@hookform/resolvers/zod';
import { Clock, Mail, Send, ShieldCheck } from 'lucide-react';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast';
import type { z } from 'zod';
import { CONTACT_MESSAGE_MAX, CONTACT_NAME_MAX, ContactMsg, zContactRequest } from '@contract/contact';
import { errorMessage, fieldIssues } from '../../../api/client';
import { useSendContactMessage } from '../../../api/contact';
import { usePublicSettings } from '../../../api/queries';
import { Field, SubmitButton, TextField, describedBy, inputClass } from '../../../components/FormField';
import { contactPage, pageMeta } from '../../../content/marketingPages';
import { translateMessage } from '../../../i18n/messages';
import { PageHero } from './PageHero';
import { usePageMeta } from '../../../lib/usePageMeta';

type Values = z.input<typeof zContactRequest>;
const FIELDS = ['name', 'email', 'message'] as const;

function ContactForm() {
  const { t } = useTranslation('publicPages');
  const send = useSendContactMessage();
  const messageId = useId();
  const form = useForm<Values, unknown, z.output<typeof zContactRequest>>({
    resolver: zodResolver(zContactRequest),
    defaultValues: { name: '', email: '', message: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      const result = await send.mutateAsync(values);
      toast.success(translateMessage(result.message || ContactMsg.success));
      form.reset();
    } catch (err) {
      // A validation answer names its fields: show each under its input, as the client check would.
      const issues = fieldIssues(err).filter((issue): issue is { field: (typeof FIELDS)[number]; message: string } =>
        (FIELDS as readonly string[]).includes(issue.field),
      );
      for (const issue of issues) form.setError(issue.field, { message: issue.message });
      if (issues.length === 0) toast.error(errorMessage(err, translateMessage(ContactMsg.failed)));
    }
  });

  const messageError = errors.message?.message;
  return (
    <form
      className="card flex flex-col gap-4 p-6 sm:p-8"
      onSubmit={submit}
      noValidate
      aria-labelledby="contact-form-title"
      data-testid="contact-form"
    >
      <h2 id="contact-form-title" className="text-xl font-bold">
        {t('pages.contact.formTitle')}
      </h2>
      <TextField
        label={t('pages.contact.name')}
        autoComplete="name"
        maxLength={CONTACT_NAME_MAX}
        error={errors.name?.message}
        {...form.register('name')}
      />
      <TextField
        label={t('pages.contact.email')}
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...form.register('email')}
      />
      <Field id={messageId} label={t('pages.contact.message')} error={messageError}>
        <textarea
          id={messageId}
          rows={6}
          maxLength={CONTACT_MESSAGE_MAX}
          className={`${inputClass} resize-y`}
          aria-invalid={messageError ? true : undefined}
          aria-describedby={describedBy(messageId, messageError)}
          {...form.register('message')}
        />
      </Field>
      <SubmitButton className="btn-primary self-start px-6 py-2.5" disabled={isSubmitting}>
        <Send className="size-4" aria-hidden="true" />
        {isSubmitting ? t('pages.contact.sending') : t('pages.contact.send')}
      </SubmitButton>
    </form>
  );
}

function ContactDetails() {
  const { t } = useTranslation('publicPages');
  const { t: tm } = useTranslation('marketingPages');
  const settings = usePublicSettings();
  const email = settings.data?.supportEmail;
  return (
    <aside className="flex flex-col gap-6" aria-label={t('pages.contact.otherWays')}>
      {email ? (
        <section className="card p-6" aria-labelledby="contact-email-title">
          <h2 id="contact-email-title" className="flex items-center gap-2 text-lg font-semibold">
            <Mail className="size-5 text-accent" aria-hidden="true" />
            {t('pages.contact.email')}
          </h2>
          <a
            href={`mailto:${email}`}
            className="mt-2 inline-block font-medium break-all text-accent underline underline-offset-2"
          >
            {email}
          </a>
        </section>
      ) : null}
      <section className="card p-6" aria-labelledby="office-hours-title" data-testid="office-hours">
        <h2 id="office-hours-title" className="flex items-center gap-2 text-lg font-semibold">
          <Clock className="size-5 text-accent" aria-hidden="true" />
          {t('pages.contact.officeHours')}
        </h2>
        <dl className="mt-3 grid grid-cols-[1fr_auto] gap-x-4 gap-y-2 text-sm">
          {contactPage.officeHours.map((row) => (
            <div key={row.days} className="contents">
              <dt className="text-muted">{tm(row.days)}</dt>
              <dd className="text-right font-medium">{tm(row.hours)}</dd>
            </div>
          ))}
        </dl>
      </section>
      <p className="flex items-start gap-2 text-sm text-muted">
        <ShieldCheck className="mt-0.5 size-4 shrink-0 text-accent" aria-hidden="true" />
        {tm(contactPage.responseNote)}
      </p>
    </aside>
  );
}

/** /contact-us: the contact form (spec §3, §5, §8 Contact), email and office hours. */
export function Contact() {
  const { t } = useTranslation('marketingPages');
  usePageMeta({ title: t(pageMeta.contact.title), description: t(pageMeta.contact.description) });
  return (
    <>
      <PageHero eyebrow={t(contactPage.eyebrow)} title={t(contactPage.title)} lead={t(contactPage.lead)} />
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-12 sm:px-6 lg:grid-cols-[1.6fr_1fr]">
        <ContactForm />
        <ContactDetails />
      </div>
    </>
  );
}
