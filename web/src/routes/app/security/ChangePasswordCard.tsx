import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { zPasswordChange } from '@contract/users';
import { useChangePassword } from '../../../api/account';
import { errorMessage } from '../../../api/client';
import { SectionCard } from '../../../components/Card';
import { PasswordField } from '../../../components/FormField';

type Values = z.input<typeof zPasswordChange>;
const EMPTY: Values = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Current, new and confirm; on success the three fields are cleared (spec §4). */
export function ChangePasswordCard({ userId, required }: { userId: number; required: boolean }) {
  const change = useChangePassword(userId);
  const form = useForm<Values, unknown, z.output<typeof zPasswordChange>>({
    resolver: zodResolver(zPasswordChange),
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit((values) =>
    change.mutate(values, {
      onSuccess: ({ message }) => {
        toast.success(message);
        form.reset(EMPTY);
      },
      onError: (err) => {
        const message = errorMessage(err, 'Failed to update password');
        if (/current password/i.test(message)) form.setError('currentPassword', { message });
        toast.error(message);
      },
    }),
  );

  return (
    <SectionCard
      title="Change Password"
      description="Changing it signs out every other device."
      icon={KeyRound}
      testId="change-password"
      className={required ? 'ring-2 ring-danger' : ''}
    >
      <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
        <PasswordField
          label="Current password"
          autoComplete="current-password"
          error={errors.currentPassword?.message}
          {...form.register('currentPassword')}
        />
        <PasswordField
          label="New password"
          autoComplete="new-password"
          hint="At least 8 characters"
          error={errors.newPassword?.message}
          {...form.register('newPassword')}
        />
        <PasswordField
          label="Confirm new password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...form.register('confirmPassword')}
        />
        <div className="flex justify-end">
          <button type="submit" className="btn-primary" disabled={change.isPending}>
            {change.isPending ? 'Updating...' : 'Update Password'}
          </button>
        </div>
      </form>
    </SectionCard>
  );
}
