import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { toast } from 'sonner';
import {
  ROLES,
  USER_STATUSES,
  UsersMsg,
  zAdminUserCreate,
  zProfileUpdate,
  type Role,
  type UserStatus,
} from '@contract/users';
import { errorMessage, fieldIssues } from '../../../api/client';
import {
  useCreateUser,
  useUpdateUser,
  useUserProfile,
  type Profile,
  type ProfileUpdate,
} from '../../../api/adminUsers';
import { useDuplicateSignals } from '../../../api/kyc';
import { CountryPicker } from '../../../components/CountryPicker';
import { Field, PasswordField, TextField, inputClass } from '../../../components/FormField';
import { DuplicateSignals } from '../../../components/DuplicateSignals';
import { Modal } from '../../../components/Modal';
import { LoadError } from '../../../components/Notice';
import { Spinner } from '../../../components/Spinner';
import { SwitchRow } from '../../../components/Switch';

type Errors = Record<string, string>;
const cap = (v: string) => v[0]!.toUpperCase() + v.slice(1);

/** Zod issues (client side) or the server's field issues, by field. */
function issuesOf(list: { field: string; message: string }[]): Errors {
  const out: Errors = {};
  for (const i of list) out[i.field] ??= i.message;
  return out;
}

function SelectField<T extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: T;
  options: readonly T[];
  onChange: (v: T) => void;
}) {
  const id = useId();
  return (
    <Field id={id} label={label}>
      <select id={id} className={inputClass} value={value} onChange={(e) => onChange(e.target.value as T)}>
        {options.map((o) => (
          <option key={o} value={o}>
            {cap(o)}
          </option>
        ))}
      </select>
    </Field>
  );
}

function FormButtons({ busy, label, onClose }: { busy: boolean; label: string; onClose: () => void }) {
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <button type="button" className="btn-secondary" onClick={onClose}>
        Cancel
      </button>
      <button type="submit" className="btn-primary" disabled={busy}>
        {busy ? 'Saving...' : label}
      </button>
    </div>
  );
}

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
  role: 'user' as Role,
};

/** Add User: the admin user form (spec §3), checked with the same schema the server uses. */
function AddUserForm({ onClose }: { onClose: () => void }) {
  const create = useCreateUser();
  const [v, setV] = useState(EMPTY_NEW);
  const [errors, setErrors] = useState<Errors>({});
  const set = (key: keyof typeof EMPTY_NEW) => (e: { target: { value: string } }) =>
    setV((old) => ({ ...old, [key]: e.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = zAdminUserCreate.safeParse(v);
    if (!parsed.success) {
      setErrors(issuesOf(parsed.error.issues.map((i) => ({ field: String(i.path[0]), message: i.message }))));
      return;
    }
    setErrors({});
    create.mutate(v, {
      onSuccess: ({ message }) => {
        toast.success(message);
        onClose();
      },
      onError: (err) => {
        setErrors(issuesOf(fieldIssues(err)));
        toast.error(errorMessage(err, 'An error occurred during the operation'));
      },
    });
  };

  return (
    <form className="flex flex-col gap-4" onSubmit={submit} noValidate aria-label="Add user">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="First name"
          value={v.firstName}
          onChange={set('firstName')}
          error={errors.firstName}
          required
          autoComplete="off"
        />
        <TextField
          label="Last name"
          value={v.lastName}
          onChange={set('lastName')}
          error={errors.lastName}
          required
          autoComplete="off"
        />
        <TextField
          label="Username"
          value={v.userName}
          onChange={set('userName')}
          error={errors.userName}
          required
          autoComplete="off"
        />
        <TextField
          label="Email"
          type="email"
          value={v.email}
          onChange={set('email')}
          error={errors.email}
          required
          autoComplete="off"
        />
        <TextField
          label="Phone"
          type="tel"
          value={v.phone}
          onChange={set('phone')}
          error={errors.phone}
          aside="optional"
          autoComplete="off"
        />
        <TextField
          label="Date of birth"
          type="date"
          value={v.dateOfBirth}
          onChange={set('dateOfBirth')}
          error={errors.dateOfBirth}
          required
        />
        <CountryPicker
          value={v.country}
          onChange={(country) => setV((old) => ({ ...old, country }))}
          error={errors.country}
        />
        <SelectField
          label="Role"
          value={v.role}
          options={ROLES}
          onChange={(role) => setV((old) => ({ ...old, role }))}
        />
        <TextField
          label="BTC wallet"
          value={v.btcWallet}
          onChange={set('btcWallet')}
          error={errors.btcWallet}
          aside="optional"
          autoComplete="off"
        />
        <TextField
          label="USDT-TRON wallet"
          value={v.ethWallet}
          onChange={set('ethWallet')}
          error={errors.ethWallet}
          aside="optional"
          autoComplete="off"
        />
        <PasswordField
          label="Password"
          value={v.password}
          onChange={set('password')}
          error={errors.password}
          required
          autoComplete="new-password"
        />
        <PasswordField
          label="Confirm password"
          value={v.confirmPassword}
          onChange={set('confirmPassword')}
          error={errors.confirmPassword}
          required
          autoComplete="new-password"
        />
      </div>
      <p className="text-sm text-muted">The account starts active with its email marked verified.</p>
      <FormButtons busy={create.isPending} label="Create User" onClose={onClose} />
    </form>
  );
}

interface EditValues {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  role: Role;
  status: UserStatus;
  isEmailVerified: boolean;
  turnOff2fa: boolean;
  maxDevices: string;
}

const fromProfile = (p: Profile): EditValues => ({
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

/** Edit: names, contact, role, status, email verification, device limit, and turning 2FA off. */
function EditUserForm({ profile, isSelf, onClose }: { profile: Profile; isSelf: boolean; onClose: () => void }) {
  const update = useUpdateUser();
  const [v, setV] = useState<EditValues>(() => fromProfile(profile));
  const [errors, setErrors] = useState<Errors>({});
  const set =
    (key: 'firstName' | 'lastName' | 'email' | 'phone' | 'maxDevices') => (e: { target: { value: string } }) =>
      setV((old) => ({ ...old, [key]: e.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Only what changed goes out: an unchanged email must not restart its verification.
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
    const parsed = zProfileUpdate.safeParse(patch);
    if (!parsed.success) {
      setErrors(issuesOf(parsed.error.issues.map((i) => ({ field: String(i.path[0]), message: i.message }))));
      return;
    }
    setErrors({});
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
          setErrors(issuesOf(fieldIssues(err)));
          toast.error(errorMessage(err, 'An error occurred during the operation'));
        },
      },
    );
  };

  return (
    <form className="flex flex-col gap-4" onSubmit={submit} noValidate aria-label="Edit user">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="First name"
          value={v.firstName}
          onChange={set('firstName')}
          error={errors.firstName}
          required
        />
        <TextField label="Last name" value={v.lastName} onChange={set('lastName')} error={errors.lastName} required />
        <TextField label="Email" type="email" value={v.email} onChange={set('email')} error={errors.email} required />
        <TextField
          label="Phone"
          type="tel"
          value={v.phone}
          onChange={set('phone')}
          error={errors.phone}
          aside="optional"
        />
        <SelectField
          label="Role"
          value={v.role}
          options={isSelf ? (['admin'] as const) : ROLES}
          onChange={(role) => setV((old) => ({ ...old, role }))}
        />
        <SelectField
          label="Status"
          value={v.status}
          options={isSelf ? (['active'] as const) : USER_STATUSES}
          onChange={(status) => setV((old) => ({ ...old, status }))}
        />
        <TextField
          label="Max devices"
          type="number"
          min={1}
          max={100}
          value={v.maxDevices}
          onChange={set('maxDevices')}
          error={errors.maxDevices}
        />
      </div>
      <div className="divide-y divide-line rounded-xl border border-line px-4">
        <SwitchRow
          label="Email verified"
          checked={v.isEmailVerified}
          onCheckedChange={(isEmailVerified) => setV((old) => ({ ...old, isEmailVerified }))}
        />
        <SwitchRow
          label="Two-factor authentication"
          description={
            profile.twoFactorEnabled
              ? 'Turn off to let the user log in with the password alone (they can set it up again).'
              : 'Off. Only the user can turn it on.'
          }
          checked={profile.twoFactorEnabled && !v.turnOff2fa}
          disabled={!profile.twoFactorEnabled}
          onCheckedChange={(on) => setV((old) => ({ ...old, turnOff2fa: !on }))}
        />
      </div>
      <FormButtons busy={update.isPending} label="Save Changes" onClose={onClose} />
    </form>
  );
}

function EditUserBody({ id, isSelf, onClose }: { id: number; isSelf: boolean; onClose: () => void }): ReactNode {
  const profile = useUserProfile(id);
  if (profile.isPending) return <Spinner />;
  if (profile.isError)
    return (
      <LoadError error={profile.error} fallback="Failed to fetch user profile" onRetry={() => void profile.refetch()} />
    );
  return (
    <div className="flex flex-col gap-4">
      <UserDuplicateSignals id={id} />
      <EditUserForm key={profile.data.id} profile={profile.data} isSelf={isSelf} onClose={onClose} />
    </div>
  );
}

/** The user's duplicate-account flags, so staff see them where they manage the account. */
function UserDuplicateSignals({ id }: { id: number }) {
  const signals = useDuplicateSignals(id);
  if (signals.isPending) return <Spinner label="Checking for duplicate accounts..." />;
  if (signals.isError)
    return <LoadError error={signals.error} fallback="Failed to fetch data" onRetry={() => void signals.refetch()} />;
  return (
    <section
      aria-label="Duplicate-account signals"
      className="flex flex-col gap-1"
      data-testid="user-duplicate-signals"
    >
      <h3 className="text-sm font-semibold">Duplicate-account signals</h3>
      <DuplicateSignals signals={signals.data.data} />
    </section>
  );
}

/** Add User (no id) or Edit User (an id), mounted afresh on each opening. */
export function UserFormModal({
  open,
  editId,
  selfId,
  onClose,
}: {
  open: boolean;
  editId: number | null;
  selfId: number | undefined;
  onClose: () => void;
}) {
  return (
    <Modal
      open={open}
      onOpenChange={(o) => (o ? undefined : onClose())}
      title={editId ? 'Edit User' : 'Add User'}
      size="lg"
      testId="user-form"
    >
      {open ? (
        editId ? (
          <EditUserBody id={editId} isSelf={editId === selfId} onClose={onClose} />
        ) : (
          <AddUserForm onClose={onClose} />
        )
      ) : null}
    </Modal>
  );
}
