import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { ROLES, zAdminUserCreate } from '@contract/users';
import { errorMessage } from '../../../api/client';
import { useCreateUser, type AdminUserCreate } from '../../../api/adminUsers';
import { CountryPicker } from '../../../components/CountryPicker';
import { PasswordField, TextField } from '../../../components/FormField';
import { FormButtons, SelectField, serverFieldErrors } from './userFormParts';

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
        toast.success(message);
        onClose();
      },
      onError: (err) => {
        for (const [field, message] of serverFieldErrors(err)) if (isField(field)) form.setError(field, { message });
        toast.error(errorMessage(err, 'An error occurred during the operation'));
      },
    }),
  );
  return { form, submit, pending: create.isPending };
}

/** Add User: the admin user form (spec §3), checked with the same schema the server uses. */
export function AddUserForm({ onClose }: { onClose: () => void }) {
  const { form, submit, pending } = useAddUserForm(onClose);
  const { errors } = form.formState;
  const field = (name: keyof NewUserValues) => ({ error: errors[name]?.message, ...form.register(name) });

  return (
    <form className="flex flex-col gap-4" onSubmit={submit} noValidate aria-label="Add user">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="First name" required autoComplete="off" {...field('firstName')} />
        <TextField label="Last name" required autoComplete="off" {...field('lastName')} />
        <TextField label="Username" required autoComplete="off" {...field('userName')} />
        <TextField label="Email" type="email" required autoComplete="off" {...field('email')} />
        <TextField label="Phone" type="tel" aside="optional" autoComplete="off" {...field('phone')} />
        <TextField label="Date of birth" type="date" required {...field('dateOfBirth')} />
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
        <SelectField label="Role" options={ROLES} {...form.register('role')} />
        <TextField label="BTC wallet" aside="optional" autoComplete="off" {...field('btcWallet')} />
        <TextField label="USDT-TRON wallet" aside="optional" autoComplete="off" {...field('ethWallet')} />
        <PasswordField label="Password" required autoComplete="new-password" {...field('password')} />
        <PasswordField label="Confirm password" required autoComplete="new-password" {...field('confirmPassword')} />
      </div>
      <p className="text-sm text-muted">The account starts active with its email marked verified.</p>
      <FormButtons busy={pending} label="Create User" onClose={onClose} />
    </form>
  );
}
