import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast';
import { ROLES, zAdminUserCreate } from '@contract/users';
import { errorMessage } from '../../../api/client';
import { useCreateUser, type AdminUserCreate } from '../../../api/adminUsers';
import { CountryPicker } from '../../../components/CountryPicker';
import { PasswordField, TextField } from '../../../components/FormField';
import { translateMessage } from '../../../i18n/messages';
import { FormButtons, SelectField, serverFieldErrors } from './userFormParts';
import { useUserWords } from './userWords';

const EMPTY_NEW = {
  firstName: '',
  lastName: '',
  userName: '',
  email: '',
  phone: '',
  dateOfBirth: '',
  country: '',
  btcWallet: '',
  ethWallet: '',
  password: '',
  confirmPassword: '',
  role: 'user',
} satisfies AdminUserCreate;
type NewUserValues = typeof EMPTY_NEW;
const FIELDS: readonly string[] = Object.keys(EMPTY_NEW);
const isField = (name: string): name is keyof NewUserValues => FIELDS.includes(name);

/** The form's state and its submit: checked with the schema the server uses, sent as typed. */
export function useAddUserForm(onClose: () => void) {
  const { t } = useTranslation('admin');
  const create = useCreateUser();
  const form = useForm<AdminUserCreate>({
    resolver: zodResolver(zAdminUserCreate, undefined, { raw: true }),
    defaultValues: EMPTY_NEW,
    // Messages appear on submit and stay until the next one; focus stays on the button.
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });

  const submit = form.handleSubmit((values) =>
    create.mutate(values, {
      onSuccess: ({ message }) => {
        toast.success(translateMessage(message));
        onClose();
      },
      onError: (err) => {
        for (const [field, message] of serverFieldErrors(err)) if (isField(field)) form.setError(field, { message });
        toast.error(errorMessage(err, t('users.form.failed')));
      },
    }),
  );
  return { form, submit, pending: create.isPending };
}

/** Add User: the admin user form (spec §3), checked with the same schema the server uses. */
export function AddUserForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('admin');
  const words = useUserWords();
  const { form, submit, pending } = useAddUserForm(onClose);
  const optional = t('shared.optional');
  const { errors } = form.formState;
  const field = (name: keyof NewUserValues) => ({ error: errors[name]?.message, ...form.register(name) });

  return (
    <form className="flex flex-col gap-4" onSubmit={submit} noValidate aria-label={t('users.form.addLabel')}>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={t('users.form.firstName')} required autoComplete="off" {...field('firstName')} />
        <TextField label={t('users.form.lastName')} required autoComplete="off" {...field('lastName')} />
        <TextField label={t('users.form.userName')} required autoComplete="off" {...field('userName')} />
        <TextField label={t('users.form.email')} type="email" required autoComplete="off" {...field('email')} />
        <TextField label={t('users.form.phone')} type="tel" aside={optional} autoComplete="off" {...field('phone')} />
        <TextField label={t('users.form.dateOfBirth')} type="date" required {...field('dateOfBirth')} />
        <Controller
          control={form.control}
          name="country"
          render={({ field: f, fieldState }) => (
            <CountryPicker
              value={f.value ?? ''}
              onChange={f.onChange}
              onBlur={f.onBlur}
              ref={f.ref}
              error={fieldState.error?.message}
            />
          )}
        />
        <SelectField label={t('users.form.role')} options={ROLES} optionLabel={words.role} {...form.register('role')} />
        <TextField label={t('users.form.btcWallet')} aside={optional} autoComplete="off" {...field('btcWallet')} />
        <TextField label={t('users.form.usdtWallet')} aside={optional} autoComplete="off" {...field('ethWallet')} />
        <PasswordField label={t('users.form.password')} required autoComplete="new-password" {...field('password')} />
        <PasswordField
          label={t('users.form.confirmPassword')}
          required
          autoComplete="new-password"
          {...field('confirmPassword')}
        />
      </div>
      <p className="text-sm text-muted">{t('users.form.startsActive')}</p>
      <FormButtons busy={pending} label={t('users.form.create')} onClose={onClose} />
    </form>
  );
}
