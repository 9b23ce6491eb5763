import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { ROLES, USER_STATUSES, UsersMsg, zProfileUpdate } from '@contract/users';
import { errorMessage } from '../../../api/client';
import { useUpdateUser, type Profile, type ProfileUpdate } from '../../../api/adminUsers';
import { TextField } from '../../../components/FormField';
import { SwitchRow } from '../../../components/ui/Switch';
import { FormButtons, SelectField, serverFieldErrors } from './userFormParts';

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
          toast.success(UsersMsg.updated);
          onClose();
        },
        onError: (err) => {
          for (const [field, message] of serverFieldErrors(err)) if (isField(field)) form.setError(field, { message });
          toast.error(errorMessage(err, 'An error occurred during the operation'));
        },
      },
    );
  });
  return { form, submit, pending: update.isPending };
}

/** Edit: names, contact, role, status, email verification, device limit, and turning 2FA off. */
export function EditUserForm({ profile, isSelf, onClose }: { profile: Profile; isSelf: boolean; onClose: () => void }) {
  const { form, submit, pending } = useEditUserForm(profile, onClose);
  const { errors } = form.formState;
  const field = (name: 'firstName' | 'lastName' | 'email' | 'phone' | 'maxDevices') => ({
    error: errors[name]?.message,
    ...form.register(name),
  });

  return (
    <form className="flex flex-col gap-4" onSubmit={submit} noValidate aria-label="Edit user">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="First name" required {...field('firstName')} />
        <TextField label="Last name" required {...field('lastName')} />
        <TextField label="Email" type="email" required {...field('email')} />
        <TextField label="Phone" type="tel" aside="optional" {...field('phone')} />
        <SelectField label="Role" options={isSelf ? ['admin'] : ROLES} {...form.register('role')} />
        <SelectField label="Status" options={isSelf ? ['active'] : USER_STATUSES} {...form.register('status')} />
        <TextField label="Max devices" type="number" min={1} max={100} {...field('maxDevices')} />
      </div>
      <div className="divide-y divide-line rounded-xl border border-line px-4">
        <Controller
          control={form.control}
          name="isEmailVerified"
          render={({ field: f }) => (
            <SwitchRow
              label="Email confirmed"
              description="Until it is, the user can sign in but cannot deposit, invest or withdraw. Confirming it here is all it takes."
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
              label="Two-factor authentication"
              description={
                profile.twoFactorEnabled
                  ? 'Turn off to let the user log in with the password alone (they can set it up again).'
                  : 'Off. Only the user can turn it on.'
              }
              checked={profile.twoFactorEnabled && !f.value}
              disabled={!profile.twoFactorEnabled}
              onCheckedChange={(on) => f.onChange(!on)}
            />
          )}
        />
      </div>
      <FormButtons busy={pending} label="Save Changes" onClose={onClose} />
    </form>
  );
}
