import { zodResolver } from '@hookform/resolvers/zod';
import { Pencil, UserRound, X } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast';
import type { z } from 'zod';
import type { Profile } from '@contract/users';
import { useUpdateProfile } from '../../../api/account';
import { errorMessage, fieldIssues } from '../../../api/client';
import { SectionCard } from '../../../components/Card';
import { CountryPicker } from '../../../components/CountryPicker';
import { TextField } from '../../../components/FormField';
import { countryName } from '../../../content/countries';
import { translateMessage } from '../../../i18n/messages';
import { formatDate } from '../../../lib/format';
import { personalDefaults, personalPatch, zPersonal, type PersonalValues } from './personalSchema';

/** The rows of the read-only view, in order, each with its label's key. */
const ROWS = [
  ['firstName', 'profile.personal.field.firstName'],
  ['lastName', 'profile.personal.field.lastName'],
  ['email', 'profile.personal.field.email'],
  ['phone', 'profile.personal.field.phone'],
  ['dateOfBirth', 'profile.personal.field.dateOfBirth'],
  ['country', 'profile.personal.field.country'],
  ['address', 'profile.personal.field.address'],
  ['city', 'profile.personal.field.city'],
  ['state', 'profile.personal.field.state'],
  ['zipcode', 'profile.personal.field.zipcode'],
] as const;

function PersonalView({ profile }: { profile: Profile }) {
  const { t } = useTranslation(['account', 'common']);
  const shown = (field: (typeof ROWS)[number][0]): string => {
    if (field === 'dateOfBirth') return profile.dateOfBirth ? formatDate(profile.dateOfBirth) : '';
    if (field === 'country') return countryName(profile.country);
    return profile[field];
  };
  return (
    <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2" data-testid="personal-view">
      {ROWS.map(([field, label]) => (
        <div key={field} className="min-w-0">
          <dt className="text-xs font-medium tracking-wide text-muted uppercase">{t(label)}</dt>
          <dd className="mt-0.5 truncate text-sm">
            {shown(field) || <span className="text-muted">{t('profile.notSet')}</span>}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function PersonalForm({ profile, onDone }: { profile: Profile; onDone: () => void }) {
  const { t } = useTranslation(['account', 'common']);
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
        toast.success(translateMessage(message));
        onDone();
      },
      onError: (err) => {
        for (const issue of fieldIssues(err))
          form.setError(issue.field as keyof PersonalValues, { message: issue.message });
        toast.error(errorMessage(err, t('profile.personal.failed')));
      },
    });
  });

  return (
    <form className="grid gap-4 sm:grid-cols-2" onSubmit={submit} noValidate data-testid="personal-form">
      <TextField label={t('profile.personal.field.firstName')} autoComplete="given-name" {...field('firstName')} />
      <TextField label={t('profile.personal.field.lastName')} autoComplete="family-name" {...field('lastName')} />
      <TextField
        label={t('profile.personal.field.email')}
        type="email"
        autoComplete="email"
        hint={t('profile.personal.emailHint')}
        {...field('email')}
      />
      <TextField
        label={t('profile.personal.field.phone')}
        type="tel"
        autoComplete="tel"
        aside={t('profile.personal.optional')}
        {...field('phone')}
      />
      <TextField
        label={t('profile.personal.field.dateOfBirth')}
        type="date"
        autoComplete="bday"
        {...field('dateOfBirth')}
      />
      <Controller
        control={form.control}
        name="country"
        render={({ field: f, fieldState }) => (
          <CountryPicker
            label={t('profile.personal.field.country')}
            value={f.value}
            onChange={f.onChange}
            onBlur={f.onBlur}
            ref={f.ref}
            error={fieldState.error?.message}
          />
        )}
      />
      <TextField
        label={t('profile.personal.field.address')}
        autoComplete="street-address"
        className="sm:col-span-2"
        {...field('address')}
      />
      <TextField label={t('profile.personal.field.city')} autoComplete="address-level2" {...field('city')} />
      <TextField label={t('profile.personal.field.state')} autoComplete="address-level1" {...field('state')} />
      <TextField label={t('profile.personal.field.zipcode')} autoComplete="postal-code" {...field('zipcode')} />
      <div className="flex flex-col-reverse gap-2 sm:col-span-2 sm:flex-row sm:justify-end">
        <button type="button" className="btn-secondary" onClick={onDone} disabled={update.isPending}>
          {t('common:action.cancel')}
        </button>
        <button type="submit" className="btn-primary" disabled={update.isPending || !isDirty}>
          {update.isPending ? t('profile.saving') : t('profile.personal.save')}
        </button>
      </div>
    </form>
  );
}

/** Personal information: a read-only view with an Edit toggle (spec §4 "Profile edit mode toggles"). */
export function PersonalInfo({ profile }: { profile: Profile }) {
  const { t } = useTranslation(['account', 'common']);
  const [editing, setEditing] = useState(false);
  return (
    <SectionCard
      title={t('profile.personal.title')}
      description={t('profile.personal.description')}
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
          {/* Icon only on a phone, so the card's title and description keep their width. */}
          <span className="max-sm:sr-only">{editing ? t('common:action.close') : t('common:action.edit')}</span>
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
