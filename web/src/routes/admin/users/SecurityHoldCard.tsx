import { zodResolver } from '@hookform/resolvers/zod';
import { ShieldAlert } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast';
import { z } from 'zod';
import { zSecurityHoldChange, type SecurityHoldChange } from '@contract/users';
import { errorMessage } from '../../../api/client';
import { useChangeSecurityHold, type Profile } from '../../../api/adminUsers';
import { Field, TextField, describedBy, inputClass } from '../../../components/FormField';
import { translateMessage } from '../../../i18n/messages';
import { formatDateTime } from '../../../lib/format';
import { serverFieldErrors } from './userFormParts';

/** The boxes as typed: a blank end means "now"; a local date and time becomes the instant it names. */
const zHoldForm = z
  .object({ reason: z.string(), until: z.string() })
  .transform((v): z.input<typeof zSecurityHoldChange> => {
    const at = v.until ? new Date(v.until) : null;
    return at && !Number.isNaN(at.getTime()) ? { reason: v.reason, until: at.toISOString() } : { reason: v.reason };
  })
  .pipe(zSecurityHoldChange);
type HoldValues = z.input<typeof zHoldForm>;

function HoldForm({ profile, onDone }: { profile: Profile; onDone: () => void }) {
  const { t } = useTranslation('admin');
  const change = useChangeSecurityHold();
  const reasonId = useId();
  const form = useForm<HoldValues, unknown, SecurityHoldChange>({
    resolver: zodResolver(zHoldForm),
    defaultValues: { reason: '', until: '' },
  });
  const { errors } = form.formState;
  const reasonError = errors.reason?.message;
  const submit = form.handleSubmit((body) =>
    change.mutate(
      { id: profile.id, body },
      {
        onSuccess: ({ message }) => {
          toast.success(translateMessage(message));
          onDone();
        },
        onError: (err) => {
          for (const [field, message] of serverFieldErrors(err))
            if (field === 'reason' || field === 'until') form.setError(field, { message });
          toast.error(errorMessage(err, t('users.hold.failed')));
        },
      },
    ),
  );
  return (
    <form className="flex flex-col gap-3" noValidate onSubmit={submit} aria-label={t('users.hold.formLabel')}>
      <Field id={reasonId} label={t('users.hold.reason')} aside={t('users.hold.reasonAside')} error={reasonError}>
        <textarea
          id={reasonId}
          className={`${inputClass} min-h-16`}
          maxLength={500}
          aria-invalid={reasonError ? true : undefined}
          aria-describedby={describedBy(reasonId, reasonError)}
          {...form.register('reason')}
        />
      </Field>
      <TextField
        label={t('users.hold.newEnd')}
        aside={t('shared.optional')}
        type="datetime-local"
        hint={t('users.hold.newEndHint')}
        error={errors.until?.message}
        {...form.register('until')}
      />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button type="button" className="btn-secondary" onClick={onDone}>
          {t('users.hold.keep')}
        </button>
        <button type="submit" className="btn-primary" disabled={change.isPending}>
          {change.isPending ? t('shared.saving') : t('users.hold.apply')}
        </button>
      </div>
    </form>
  );
}

/**
 * A user's running security hold (withdrawals paused after a security change), which an admin can end or
 * shorten with a reason; nothing when no hold is running.
 */
export function SecurityHoldCard({ profile }: { profile: Profile }) {
  const { t } = useTranslation('admin');
  const [editing, setEditing] = useState(false);
  // The time the edit dialog opened: a hold that ran out since then is refused by the server with its reason.
  const [openedAt] = useState(() => Date.now());
  const until = profile.securityHoldUntil;
  if (!until || new Date(until).getTime() <= openedAt) return null;
  return (
    <section
      className="flex flex-col gap-3 rounded-xl border border-amber-500/40 bg-amber-500/10 p-4"
      aria-label={t('users.hold.label')}
      data-testid="security-hold"
    >
      <div className="flex items-start gap-3">
        <ShieldAlert className="mt-0.5 size-5 shrink-0 text-amber-600 dark:text-amber-400" aria-hidden="true" />
        <div className="min-w-0 flex-1 text-sm">
          <p className="font-semibold">{t('users.hold.title')}</p>
          <p className="text-muted">{t('users.hold.until', { until: formatDateTime(until) })}</p>
        </div>
        {editing ? null : (
          <button type="button" className="btn-secondary shrink-0" onClick={() => setEditing(true)}>
            {t('users.hold.open')}
          </button>
        )}
      </div>
      {editing ? <HoldForm profile={profile} onDone={() => setEditing(false)} /> : null}
    </section>
  );
}
