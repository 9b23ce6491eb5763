import { zodResolver } from '@hookform/resolvers/zod';
import { Pencil, UserRound, X } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import type { Profile } from '@contract/users';
import { useUpdateProfile } from '../../../api/account';
import { errorMessage, fieldIssues } from '../../../api/client';
import { SectionCard } from '../../../components/Card';
import { CountryPicker } from '../../../components/CountryPicker';
import { TextField } from '../../../components/FormField';
import { countryName } from '../../../content/countries';
import { formatDate } from '../../../lib/format';
import { personalDefaults, personalPatch, zPersonal, type PersonalValues } from './personalSchema';

function PersonalView({ profile }: { profile: Profile }) {
  const rows: [string, string][] = [
    ['First name', profile.firstName],
    ['Last name', profile.lastName],
    ['Email', profile.email],
    ['Phone', profile.phone],
    ['Date of birth', profile.dateOfBirth ? formatDate(profile.dateOfBirth) : ''],
    ['Country', countryName(profile.country)],
    ['Address', profile.address],
    ['City', profile.city],
    ['State / region', profile.state],
    ['Postal code', profile.zipcode],
  ];
  return (
    <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2" data-testid="personal-view">
      {rows.map(([label, value]) => (
        <div key={label} className="min-w-0">
          <dt className="text-xs font-medium tracking-wide text-muted uppercase">{label}</dt>
          <dd className="mt-0.5 truncate text-sm">{value || <span className="text-muted">Not set</span>}</dd>
        </div>
      ))}
    </dl>
  );
}

function PersonalForm({ profile, onDone }: { profile: Profile; onDone: () => void }) {
  const update = useUpdateProfile(profile.id);
  const form = useForm<PersonalValues, unknown, z.output<typeof zPersonal>>({
    resolver: zodResolver(zPersonal),
    defaultValues: personalDefaults(profile),
  });
  const { errors, isDirty } = form.formState;
  const field = (name: keyof PersonalValues) => ({ error: errors[name]?.message, ...form.register(name) });

  const submit = form.handleSubmit((values) => {
    const patch = personalPatch(values, profile);
    if (Object.keys(patch).length === 0) return onDone();
    update.mutate(patch, {
      onSuccess: ({ message }) => {
        toast.success(message);
        onDone();
      },
      onError: (err) => {
        for (const issue of fieldIssues(err))
          form.setError(issue.field as keyof PersonalValues, { message: issue.message });
        toast.error(errorMessage(err, 'Error updating profile'));
      },
    });
  });

  return (
    <form className="grid gap-4 sm:grid-cols-2" onSubmit={submit} noValidate data-testid="personal-form">
      <TextField label="First name" autoComplete="given-name" {...field('firstName')} />
      <TextField label="Last name" autoComplete="family-name" {...field('lastName')} />
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        hint="A new address must be confirmed again."
        {...field('email')}
      />
      <TextField label="Phone" type="tel" autoComplete="tel" aside="Optional" {...field('phone')} />
      <TextField label="Date of birth" type="date" autoComplete="bday" {...field('dateOfBirth')} />
      <Controller
        control={form.control}
        name="country"
        render={({ field: f, fieldState }) => (
          <CountryPicker
            value={f.value}
            onChange={f.onChange}
            onBlur={f.onBlur}
            ref={f.ref}
            error={fieldState.error?.message}
          />
        )}
      />
      <TextField label="Address" autoComplete="street-address" className="sm:col-span-2" {...field('address')} />
      <TextField label="City" autoComplete="address-level2" {...field('city')} />
      <TextField label="State / region" autoComplete="address-level1" {...field('state')} />
      <TextField label="Postal code" autoComplete="postal-code" {...field('zipcode')} />
      <div className="flex flex-col-reverse gap-2 sm:col-span-2 sm:flex-row sm:justify-end">
        <button type="button" className="btn-secondary" onClick={onDone} disabled={update.isPending}>
          Cancel
        </button>
        <button type="submit" className="btn-primary" disabled={update.isPending || !isDirty}>
          {update.isPending ? 'Saving...' : 'Save Changes'}
        </button>
      </div>
    </form>
  );
}

/** Personal information: a read-only view with an Edit toggle (spec §4 "Profile edit mode toggles"). */
export function PersonalInfo({ profile }: { profile: Profile }) {
  const [editing, setEditing] = useState(false);
  return (
    <SectionCard
      title="Personal Information"
      description="Your name, contact details and address."
      icon={UserRound}
      testId="personal-info"
      actions={
        <button
          type="button"
          className="btn-secondary px-3"
          onClick={() => setEditing((e) => !e)}
          aria-pressed={editing}
        >
          {editing ? <X className="size-4" aria-hidden="true" /> : <Pencil className="size-4" aria-hidden="true" />}
          {editing ? 'Close' : 'Edit'}
        </button>
      }
    >
      {editing ? (
        <PersonalForm profile={profile} onDone={() => setEditing(false)} />
      ) : (
        <PersonalView profile={profile} />
      )}
    </SectionCard>
  );
}
