import { zodResolver } from '@hookform/resolvers/zod';
import { Upload } from 'lucide-react';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast';
import { z } from 'zod';
import {
  KYC_DOCUMENT_TYPES,
  KYC_FILE_KINDS,
  KYC_FILE_TYPES,
  KYC_MAX_FILE_BYTES,
  KycMsg,
  zKycFields,
  type KycDocumentType,
  type KycFileKind,
  type KycSubmission,
} from '@contract/kyc';
import type { Profile } from '@contract/users';
import { errorMessage, fieldIssues } from '../../../api/client';
import { useSubmitKyc } from '../../../api/kyc';
import { CountryPicker } from '../../../components/CountryPicker';
import { Field, TextField, describedBy, inputClass } from '../../../components/FormField';
import { Notice } from '../../../components/Notice';
import { translateMessage } from '../../../i18n/messages';

const ACCEPT = KYC_FILE_TYPES.join(',');
const FILE_LABELS = {
  document: 'verification.form.file.document',
  selfie: 'verification.form.file.selfie',
} as const satisfies Record<KycFileKind, string>;
const DOCUMENT_LABELS = {
  passport: 'verification.form.documentType.passport',
  national_id: 'verification.form.documentType.national_id',
  driving_licence: 'verification.form.documentType.driving_licence',
} as const satisfies Record<KycDocumentType, string>;

/** What the browser can tell before uploading: presence, declared type and size (the server sniffs the content). */
export function checkFile(kind: KycFileKind, file: File | null): string | undefined {
  if (!file) return KycMsg.fileMissing(kind);
  if (!(KYC_FILE_TYPES as readonly string[]).includes(file.type)) return KycMsg.fileType;
  if (file.size > KYC_MAX_FILE_BYTES) return KycMsg.fileTooLarge;
  return undefined;
}

function FileField({
  kind,
  label,
  hint,
  file,
  error,
  onChange,
}: {
  kind: KycFileKind;
  label: string;
  hint: string;
  file: File | null;
  error?: string;
  onChange: (f: File | null) => void;
}) {
  const id = useId();
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      <input
        id={id}
        name={kind}
        type="file"
        accept={ACCEPT}
        className={`${inputClass} file:mr-3 file:rounded-md file:border-0 file:bg-surface-2 file:px-3 file:py-1 file:text-sm file:font-medium file:text-fg`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        onChange={(e) => onChange(e.target.files?.[0] ?? null)}
      />
      {file ? <span className="truncate text-xs text-muted">{file.name}</span> : null}
    </Field>
  );
}

/** A chosen file that passes `checkFile`, else its message. */
const zKycFile = (kind: KycFileKind) =>
  z.custom<File | null>().transform((file, ctx) => {
    const problem = checkFile(kind, file);
    if (file && !problem) return file;
    ctx.addIssue({ code: 'custom', message: problem ?? KycMsg.fileMissing(kind) });
    return z.NEVER;
  });

/** The contract's text fields and the two uploads beside them. */
export const zKycForm = zKycFields.extend({ document: zKycFile('document'), selfie: zKycFile('selfie') });
type KycFormValues = z.input<typeof zKycForm>;

/** The multipart body: the text as typed (the server trims it) in the contract's order, then the two files. */
export function kycBody(typed: KycFormValues, files: Record<KycFileKind, File>): FormData {
  const body = new FormData();
  for (const key of zKycFields.keyof().options) body.append(key, typed[key]);
  for (const kind of KYC_FILE_KINDS) body.append(kind, files[kind]);
  return body;
}

function kycDefaults(profile: Profile | undefined, previous: KycSubmission | null | undefined): KycFormValues {
  const files = { document: null, selfie: null };
  if (previous)
    return {
      legalName: previous.legalName,
      dateOfBirth: previous.dateOfBirth,
      country: previous.country,
      address: previous.address,
      documentType: previous.documentType,
      documentNumber: previous.documentNumber,
      ...files,
    };
  return {
    legalName: profile ? `${profile.firstName} ${profile.lastName}`.trim() : '',
    dateOfBirth: profile?.dateOfBirth ?? '',
    country: profile?.country ?? '',
    address: profile ? [profile.address, profile.city, profile.zipcode].filter(Boolean).join(', ') : '',
    documentType: 'passport',
    documentNumber: '',
    ...files,
  };
}

/**
 * Legal name, birth date, country, address, document and the two uploads; after a rejection it starts from the
 * previous answers.
 */
export function VerificationForm({
  userId,
  profile,
  previous,
}: {
  userId: number;
  profile: Profile | undefined;
  previous?: KycSubmission | null;
}) {
  const { t } = useTranslation('account');
  const submit = useSubmitKyc(userId);
  const typeId = useId();
  // A field's message shows on submit and goes as soon as that field is edited; focus does not move.
  const form = useForm<KycFormValues, unknown, z.output<typeof zKycForm>>({
    resolver: zodResolver(zKycForm),
    defaultValues: kycDefaults(profile, previous),
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const { errors } = form.formState;
  const [failure, setFailure] = useState<string>();
  const text = (name: keyof z.input<typeof zKycFields>) => ({
    error: errors[name]?.message,
    ...form.register(name, { onChange: () => form.clearErrors(name) }),
  });

  const onSubmit = form.handleSubmit(({ document, selfie }) => {
    setFailure(undefined);
    submit.mutate(kycBody(form.getValues(), { document, selfie }), {
      onSuccess: ({ message }) => toast.success(translateMessage(message)),
      onError: (err) => {
        const message = errorMessage(err, t('verification.form.failed'));
        for (const issue of fieldIssues(err))
          form.setError(issue.field as keyof KycFormValues, { message: issue.message });
        setFailure(message);
        toast.error(message);
      },
    });
  });

  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={onSubmit}
      noValidate
      data-testid="kyc-form"
      aria-label={t('verification.form.label')}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('verification.form.legalName')}
          autoComplete="name"
          hint={t('verification.form.legalNameHint')}
          {...text('legalName')}
        />
        <TextField
          label={t('verification.form.dateOfBirth')}
          type="date"
          autoComplete="bday"
          {...text('dateOfBirth')}
        />
        <Controller
          control={form.control}
          name="country"
          render={({ field, fieldState }) => (
            <CountryPicker
              label={t('verification.form.country')}
              value={field.value}
              onChange={(code) => {
                field.onChange(code);
                form.clearErrors('country');
              }}
              onBlur={field.onBlur}
              ref={field.ref}
              error={fieldState.error?.message}
            />
          )}
        />
        <TextField label={t('verification.form.address')} autoComplete="street-address" {...text('address')} />
        <Controller
          control={form.control}
          name="documentType"
          render={({ field, fieldState }) => (
            <Field id={typeId} label={t('verification.form.documentType.label')} error={fieldState.error?.message}>
              <select
                id={typeId}
                className={inputClass}
                value={field.value}
                onChange={(e) => {
                  field.onChange(e);
                  form.clearErrors('documentType');
                }}
                onBlur={field.onBlur}
                ref={field.ref}
              >
                {KYC_DOCUMENT_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {t(DOCUMENT_LABELS[type])}
                  </option>
                ))}
              </select>
            </Field>
          )}
        />
        <TextField label={t('verification.form.documentNumber')} autoComplete="off" {...text('documentNumber')} />
        {KYC_FILE_KINDS.map((kind) => (
          <Controller
            key={kind}
            control={form.control}
            name={kind}
            render={({ field, fieldState }) => (
              <FileField
                kind={kind}
                label={t(FILE_LABELS[kind])}
                hint={t('verification.form.fileHint')}
                file={field.value}
                error={fieldState.error?.message}
                onChange={(file) => {
                  field.onChange(file);
                  form.clearErrors(kind);
                }}
              />
            )}
          />
        ))}
      </div>
      {failure ? <Notice tone="error">{failure}</Notice> : null}
      <p className="text-xs text-muted">{t('verification.form.privacy')}</p>
      <button type="submit" className="btn-primary self-start" disabled={submit.isPending}>
        <Upload className="size-4" aria-hidden="true" />
        {submit.isPending ? t('verification.form.submitting') : t('verification.form.submit')}
      </button>
    </form>
  );
}
