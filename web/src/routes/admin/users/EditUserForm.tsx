import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast';
import { z } from 'zod';
import { ROLES, USER_STATUSES, UsersMsg, zProfileUpdate } from '@contract/users';
import { errorMessage } from '../../../api/client';
import { useUpdateUser, type Profile, type ProfileUpdate } from '../../../api/adminUsers';
import { TextField } from '../../../components/FormField';
import { SwitchRow } from '../../../components/ui/Switch';
import { translateMessage } from '../../../i18n/messages';
import { FormButtons, SelectField, serverFieldErrors } from './userFormParts';
import { useUserWords } from './userWords';

const zEditValues = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  role: z.enum(ROLES),
  status: z.enum(USER_STATUSES),
  isEmailVerified: z.boolean(),
  turnOff2fa: z.boolean(),
  maxDevices: z.string(),
});
export type EditValues = z.infer<typeof zEditValues>;
const FIELDS: readonly string[] = zEditValues.keyof().options;
const isField = (name: string): name is keyof EditValues => FIELDS.includes(name);

export const fromProfile = (p: Profile): EditValues => ({
  firstName: p.firstName,
  lastName: p.lastName,
  email: p.email,
  phone: p.phone,
  role: p.role,
  status: p.status,
  isEmailVerified: p.isEmailVerified,
  turnOff2fa: false,
  maxDevices: String(p.maxDevices),
});

/** Only what changed goes out: an unchanged email must not restart its verification. */
export function patchOf(v: EditValues, profile: Profile): ProfileUpdate {
  const start = fromProfile(profile);
  const patch: ProfileUpdate = {};
  if (v.firstName !== start.firstName) patch.firstName = v.firstName;
  if (v.lastName !== start.lastName) patch.lastName = v.lastName;
  if (v.email !== start.email) patch.email = v.email;
  if (v.phone !== start.phone) patch.phone = v.phone;
  if (v.role !== start.role) patch.role = v.role;
  if (v.status !== start.status) patch.status = v.status;
  if (v.isEmailVerified !== start.isEmailVerified) patch.isEmailVerified = v.isEmailVerified;
  if (v.maxDevices !== start.maxDevices) patch.maxDevices = Number(v.maxDevices);
  if (v.turnOff2fa) patch.twoFactorEnabled = false;
  return patch;
}

/** The change checked by the contract's profile update (so an untouched field is never judged). */
export const editUserSchema = (profile: Profile) =>
  zEditValues.transform((v) => patchOf(v, profile)).pipe(zProfileUpdate);

/** The form's state and its submit, started from the loaded profile. */
export function useEditUserForm(profile: Profile, onClose: () => void) {
  const { t } = useTranslation('admin');
  const update = useUpdateUser();
  const resolver = useMemo(() => zodResolver(editUserSchema(profile), undefined, { raw: true }), [profile]);
  const form = useForm<EditValues>({
    resolver,
    defaultValues: fromProfile(profile),
    // Messages appear on submit and stay until the next one; focus stays on the button.
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });

  const submit = form.handleSubmit((values) => {
    const patch = patchOf(values, profile);
    if (Object.keys(patch).length === 0) {
      onClose();
      return;
    }
    update.mutate(
      { id: profile.id, patch },
      {
        onSuccess: () => {
          toast.success(translateMessage(UsersMsg.updated));
          onClose();
        },
        onError: (err) => {
          for (const [field, message] of serverFieldErrors(err)) if (isField(field)) form.setError(field, { message });
          toast.error(errorMessage(err, t('users.form.failed')));
        },
      },
    );
  });
  return { form, submit, pending: update.isPending };
}

/** Edit: names, contact, role, status, email verification, device limit, and turning 2FA off. */
export function EditUserForm({ profile, isSelf, onClose }: { profile: Profile; isSelf: boolean; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const words = useUserWords();
  const { form, submit, pending } = useEditUserForm(profile, onClose);
  const { errors } = form.formState;
  const field = (name: 'firstName' | 'lastName' | 'email' | 'phone' | 'maxDevices') => ({
    error: errors[name]?.message,
    ...form.register(name),
  });

  return (
    <form className="flex flex-col gap-4" onSubmit={submit} noValidate aria-label={t('users.form.editLabel')}>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={t('users.form.firstName')} required {...field('firstName')} />
        <TextField label={t('users.form.lastName')} required {...field('lastName')} />
        <TextField label={t('users.form.email')} type="email" required {...field('email')} />
        <TextField label={t('users.form.phone')} type="tel" aside={t('shared.optional')} {...field('phone')} />
        <SelectField
          label={t('users.form.role')}
          options={isSelf ? ['admin'] : ROLES}
          optionLabel={words.role}
          {...form.register('role')}
        />
        <SelectField
          label={t('users.form.status')}
          options={isSelf ? ['active'] : USER_STATUSES}
          optionLabel={words.status}
          {...form.register('status')}
        />
        <TextField label={t('users.form.maxDevices')} type="number" min={1} max={100} {...field('maxDevices')} />
      </div>
      <div className="divide-y divide-line rounded-xl border border-line px-4">
        <Controller
          control={form.control}
          name="isEmailVerified"
          render={({ field: f }) => (
            <SwitchRow
              label={t('users.form.emailConfirmed.label')}
              description={t('users.form.emailConfirmed.description')}
              checked={f.value}
              onCheckedChange={f.onChange}
            />
          )}
        />
        <Controller
          control={form.control}
          name="turnOff2fa"
          render={({ field: f }) => (
            <SwitchRow
              label={t('users.form.twoFactor.label')}
              description={
                profile.twoFactorEnabled
                  ? t('users.form.twoFactor.descriptionOn')
                  : t('users.form.twoFactor.descriptionOff')
              }
              checked={profile.twoFactorEnabled && !f.value}
              disabled={!profile.twoFactorEnabled}
              onCheckedChange={(on) => f.onChange(!on)}
            />
          )}
        />
      </div>
      <FormButtons busy={pending} label={t('users.form.save')} onClose={onClose} />
    </form>
  );
}
