import { Upload } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import {
  KYC_DOCUMENT_LABELS,
  KYC_DOCUMENT_TYPES,
  KYC_FILE_TYPES,
  KYC_MAX_FILE_BYTES,
  KycMsg,
  zKycFields,
  type KycFields,
  type KycFileKind,
  type KycSubmission,
} from '@contract/kyc';
import type { Profile } from '@contract/users';
import { errorMessage, fieldIssues } from '../../../api/client';
import { useSubmitKyc } from '../../../api/kyc';
import { CountryPicker } from '../../../components/CountryPicker';
import { Field, TextField, describedBy, inputClass } from '../../../components/FormField';
import { Notice } from '../../../components/Notice';

type Values = Record<keyof KycFields, string>;
type Errors = Partial<Record<keyof KycFields | KycFileKind, string>>;

const ACCEPT = KYC_FILE_TYPES.join(',');

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
  const submit = useSubmitKyc(userId);
  const typeId = useId();
  const [values, setValues] = useState<Values>(() =>
    previous
      ? {
          legalName: previous.legalName,
          dateOfBirth: previous.dateOfBirth,
          country: previous.country,
          address: previous.address,
          documentType: previous.documentType,
          documentNumber: previous.documentNumber,
        }
      : {
          legalName: profile ? `${profile.firstName} ${profile.lastName}`.trim() : '',
          dateOfBirth: profile?.dateOfBirth ?? '',
          country: profile?.country ?? '',
          address: profile ? [profile.address, profile.city, profile.zipcode].filter(Boolean).join(', ') : '',
          documentType: 'passport',
          documentNumber: '',
        },
  );
  const [files, setFiles] = useState<Record<KycFileKind, File | null>>({ document: null, selfie: null });
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string>();

  const set = (key: keyof Values) => (value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = zKycFields.safeParse(values);
    const next: Errors = {};
    if (!parsed.success)
      for (const issue of parsed.error.issues) next[issue.path[0] as keyof KycFields] ??= issue.message;
    for (const kind of ['document', 'selfie'] as const) next[kind] = checkFile(kind, files[kind]);
    setErrors(next);
    if (Object.values(next).some(Boolean)) return;
    const form = new FormData();
    for (const [key, value] of Object.entries(values)) form.append(key, value);
    form.append('document', files.document!);
    form.append('selfie', files.selfie!);
    setFailure(undefined);
    submit.mutate(form, {
      onSuccess: ({ message }) => toast.success(message),
      onError: (err) => {
        const message = errorMessage(err, 'Could not submit your verification. Please try again.');
        const issues = fieldIssues(err);
        if (issues.length) setErrors(Object.fromEntries(issues.map((i) => [i.field, i.message])));
        setFailure(message);
        toast.error(message);
      },
    });
  };

  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={onSubmit}
      noValidate
      data-testid="kyc-form"
      aria-label="Identity verification"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Full legal name"
          autoComplete="name"
          value={values.legalName}
          onChange={(e) => set('legalName')(e.target.value)}
          error={errors.legalName}
          hint="As printed on your document"
        />
        <TextField
          label="Date of birth"
          type="date"
          autoComplete="bday"
          value={values.dateOfBirth}
          onChange={(e) => set('dateOfBirth')(e.target.value)}
          error={errors.dateOfBirth}
        />
        <CountryPicker
          label="Country of residence"
          value={values.country}
          onChange={set('country')}
          error={errors.country}
        />
        <TextField
          label="Residential address"
          autoComplete="street-address"
          value={values.address}
          onChange={(e) => set('address')(e.target.value)}
          error={errors.address}
        />
        <Field id={typeId} label="Document type" error={errors.documentType}>
          <select
            id={typeId}
            className={inputClass}
            value={values.documentType}
            onChange={(e) => set('documentType')(e.target.value)}
          >
            {KYC_DOCUMENT_TYPES.map((t) => (
              <option key={t} value={t}>
                {KYC_DOCUMENT_LABELS[t]}
              </option>
            ))}
          </select>
        </Field>
        <TextField
          label="Document number"
          autoComplete="off"
          value={values.documentNumber}
          onChange={(e) => set('documentNumber')(e.target.value)}
          error={errors.documentNumber}
        />
        <FileField
          kind="document"
          label="Photo or scan of the document"
          hint="JPEG, PNG, WebP or PDF, at most 5 MB"
          file={files.document}
          error={errors.document}
          onChange={(f) => {
            setFiles((v) => ({ ...v, document: f }));
            setErrors((e) => ({ ...e, document: undefined }));
          }}
        />
        <FileField
          kind="selfie"
          label="Selfie holding the document"
          hint="JPEG, PNG, WebP or PDF, at most 5 MB"
          file={files.selfie}
          error={errors.selfie}
          onChange={(f) => {
            setFiles((v) => ({ ...v, selfie: f }));
            setErrors((e) => ({ ...e, selfie: undefined }));
          }}
        />
      </div>
      {failure ? <Notice tone="error">{failure}</Notice> : null}
      <p className="text-xs text-muted">Your documents are stored privately and seen only by our verification staff.</p>
      <button type="submit" className="btn-primary self-start" disabled={submit.isPending}>
        <Upload className="size-4" aria-hidden="true" />
        {submit.isPending ? 'Submitting...' : 'Submit for verification'}
      </button>
    </form>
  );
}
