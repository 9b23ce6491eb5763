import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast';
import type { z } from 'zod';
import { zPasswordChange } from '@contract/users';
import { useChangePassword } from '../../../api/account';
import { ApiError, errorMessage } from '../../../api/client';
import { SectionCard } from '../../../components/Card';
import { PasswordField } from '../../../components/FormField';
import { translateMessage } from '../../../i18n/messages';

type Values = z.input<typeof zPasswordChange>;
const EMPTY: Values = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Current, new and confirm; on success the three fields are cleared (spec §4). */
export function ChangePasswordCard({ userId, required }: { userId: number; required: boolean }) {
  const { t } = useTranslation('account');
  const change = useChangePassword(userId);
  const form = useForm<Values, unknown, z.output<typeof zPasswordChange>>({
    resolver: zodResolver(zPasswordChange),
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit((values) =>
    change.mutate(values, {
      onSuccess: ({ message }) => {
        toast.success(translateMessage(message));
        form.reset(EMPTY);
      },
      onError: (err) => {
        // The field shows the server's English message in the active language (Field translates it).
        if (err instanceof ApiError && err.fromServer && /current password/i.test(err.message))
          form.setError('currentPassword', { message: err.message });
        toast.error(errorMessage(err, t('security.password.failed')));
      },
    }),
  );

  return (
    <SectionCard
      title={t('security.password.title')}
      description={t('security.password.description')}
      icon={KeyRound}
      testId="change-password"
      className={required ? 'ring-2 ring-danger' : ''}
    >
      <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
        <PasswordField
          label={t('security.password.current')}
          autoComplete="current-password"
          error={errors.currentPassword?.message}
          {...form.register('currentPassword')}
        />
        <PasswordField
          label={t('security.password.new')}
          autoComplete="new-password"
          hint={t('security.password.newHint')}
          error={errors.newPassword?.message}
          {...form.register('newPassword')}
        />
        <PasswordField
          label={t('security.password.confirm')}
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...form.register('confirmPassword')}
        />
        <div className="flex justify-end">
          <button type="submit" className="btn-primary" disabled={change.isPending}>
            {change.isPending ? t('security.password.updating') : t('security.password.submit')}
          </button>
        </div>
      </form>
    </SectionCard>
  );
}
