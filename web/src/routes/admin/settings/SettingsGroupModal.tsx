import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useMemo, type FormEvent } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast';
import { z } from 'zod';
import { Messages } from '@contract/errors';
import { type SettingsGroup, type SiteSettingsKey } from '@contract/settings';
import { errorMessage, fieldIssues } from '../../../api/client';
import { useSaveSettings, type SiteSettingsView } from '../../../api/siteSettings';
import { Field, PasswordField, TextField, describedBy, inputClass } from '../../../components/FormField';
import { Modal } from '../../../components/ui/Modal';
import { Notice } from '../../../components/Notice';
import { SwitchRow } from '../../../components/ui/Switch';
import { translateMessage } from '../../../i18n/messages';
import { FIELD_META, GROUP_META, groupFields, isOptional } from './settingsFields';
import { initialValues, toPatch, validate, type Values } from './settingsForm';

const PROVIDERS = ['google', 'facebook', 'twitter'] as const;

/**
 * A group's form: its values become the PUT body (`toPatch`), checked like the server checks it (the contract's
 * field schemas, a blank secret standing for the stored one, then the group's completeness).
 */
export const settingsGroupSchema = (group: SettingsGroup, view: SiteSettingsView) =>
  z
    .custom<Values>()
    .transform((values) => toPatch(group, values))
    .superRefine((patch, ctx) => {
      for (const [field, message] of Object.entries(validate(group, patch, view)))
        if (message) ctx.addIssue({ code: 'custom', path: [field], message });
    });

function ProvidersField({
  value,
  onChange,
  disabled,
  error,
}: {
  value: string[];
  onChange: (v: string[]) => void;
  disabled: boolean;
  error?: string;
}) {
  const { t } = useTranslation('admin');
  const id = useId();
  return (
    <fieldset className="flex flex-col gap-1.5" aria-describedby={describedBy(id, error)}>
      <legend className="text-sm font-medium">{t(FIELD_META.socialProviders.label)}</legend>
      <div className="flex flex-wrap gap-4">
        {PROVIDERS.map((p) => (
          <label key={p} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="size-4 accent-amber-500"
              disabled={disabled}
              checked={value.includes(p)}
              onChange={(e) => onChange(e.target.checked ? [...value, p] : value.filter((x) => x !== p))}
            />
            {/* A brand name, the same in every language. */}
            {p.charAt(0).toUpperCase() + p.slice(1)}
          </label>
        ))}
      </div>
      {error ? (
        <p id={`${id}-error`} className="text-sm text-danger" role="alert">
          {translateMessage(error)}
        </p>
      ) : null}
    </fieldset>
  );
}

const isKey = (group: SettingsGroup, name: string): name is SiteSettingsKey =>
  (groupFields(group) as readonly string[]).includes(name);

/** The form's state and its submit; moderators see the values but may not save. */
export function useGroupForm(group: SettingsGroup, view: SiteSettingsView, canEdit: boolean, onClose: () => void) {
  const { t } = useTranslation('admin');
  const save = useSaveSettings();
  const resolver = useMemo(() => zodResolver(settingsGroupSchema(group, view)), [group, view]);
  const form = useForm<Values, unknown, z.output<ReturnType<typeof settingsGroupSchema>>>({
    resolver,
    defaultValues: initialValues(group, view),
    // Messages appear on submit and stay until the next one; focus stays on the button.
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });

  const send = form.handleSubmit((patch) =>
    save.mutate(patch, {
      onSuccess: () => {
        toast.success(translateMessage(Messages.settingsUpdated));
        onClose();
      },
      onError: (err) => {
        const seen = new Set<string>();
        for (const issue of fieldIssues(err)) {
          const field = issue.field.split('.')[0] ?? issue.field;
          if (seen.has(field) || !isKey(group, field)) continue;
          seen.add(field);
          form.setError(field, { message: issue.message });
        }
        toast.error(errorMessage(err, t('settings.modal.saveFailed')));
      },
    }),
  );
  const submit = (event?: FormEvent) => {
    if (canEdit) return send(event);
    event?.preventDefault();
    toast.error(translateMessage(Messages.settingsForbidden));
  };
  return { form, submit, pending: save.isPending };
}

function GroupForm({
  group,
  view,
  canEdit,
  onClose,
}: {
  group: SettingsGroup;
  view: SiteSettingsView;
  canEdit: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation('common');
  const { form, submit, pending } = useGroupForm(group, view, canEdit, onClose);
  const { errors } = form.formState;
  const currencyId = useId();
  const datesId = useId();
  const selectId = useId();

  return (
    <form className="flex flex-col gap-4" onSubmit={submit} noValidate aria-label={t(GROUP_META[group].title)}>
      {!canEdit ? <Notice tone="info">{translateMessage(Messages.settingsForbidden)}</Notice> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        {groupFields(group).map((key) => {
          const meta = FIELD_META[key];
          const label = t(meta.label);
          const hint = meta.hint ? t(meta.hint) : undefined;
          const error = errors[key]?.message;
          const aside = isOptional(group, key) ? t('shared.optional') : undefined;
          const common = { label, error, disabled: !canEdit, hint, aside };
          switch (meta.kind) {
            case 'boolean':
              return (
                <div key={key} className="sm:col-span-2">
                  <Controller
                    control={form.control}
                    name={key}
                    render={({ field }) => (
                      <SwitchRow
                        label={label}
                        description={hint}
                        checked={field.value === true}
                        disabled={!canEdit}
                        onCheckedChange={field.onChange}
                      />
                    )}
                  />
                </div>
              );
            case 'providers':
              return (
                <div key={key} className="sm:col-span-2">
                  <Controller
                    control={form.control}
                    name={key}
                    render={({ field }) => (
                      <ProvidersField
                        value={Array.isArray(field.value) ? field.value : []}
                        onChange={field.onChange}
                        disabled={!canEdit}
                        error={error}
                      />
                    )}
                  />
                </div>
              );
            case 'dates':
              return (
                <Field
                  key={key}
                  id={datesId}
                  label={label}
                  error={error}
                  hint={hint}
                  aside={aside}
                  className="sm:col-span-2"
                >
                  <textarea
                    id={datesId}
                    rows={4}
                    className={`${inputClass} font-mono`}
                    disabled={!canEdit}
                    placeholder="2031-12-25"
                    aria-invalid={error ? true : undefined}
                    aria-describedby={describedBy(datesId, error, hint)}
                    {...form.register(key)}
                  />
                </Field>
              );
            case 'currency':
              return (
                <Field key={key} id={currencyId} label={label}>
                  <select id={currencyId} className={inputClass} disabled={!canEdit} {...form.register(key)}>
                    <option value="USD">USD</option>
                  </select>
                </Field>
              );
            case 'select': {
              const id = `${selectId}-${key}`;
              return (
                <Field key={key} id={id} label={label} error={error} hint={hint} className="sm:col-span-2">
                  <select
                    id={id}
                    className={inputClass}
                    disabled={!canEdit}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={describedBy(id, error, hint)}
                    {...form.register(key)}
                  >
                    {meta.options?.map((o) => (
                      <option key={o.value} value={o.value}>
                        {t(o.label)}
                      </option>
                    ))}
                  </select>
                </Field>
              );
            }
            case 'secret':
              return (
                <PasswordField
                  key={key}
                  {...common}
                  autoComplete="new-password"
                  placeholder={view[key] ? t('settings.modal.secretStored') : t('settings.modal.secretNotSet')}
                  hint={view[key] ? t('settings.modal.secretHint') : hint}
                  {...form.register(key)}
                />
              );
            default:
              return (
                <TextField
                  key={key}
                  {...common}
                  type={
                    meta.kind === 'number'
                      ? 'number'
                      : meta.kind === 'email'
                        ? 'email'
                        : meta.kind === 'url'
                          ? 'url'
                          : 'text'
                  }
                  inputMode={meta.kind === 'number' ? 'numeric' : undefined}
                  {...form.register(key)}
                />
              );
          }
        })}
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button type="button" className="btn-secondary" onClick={onClose}>
          {canEdit ? tc('action.cancel') : tc('action.close')}
        </button>
        {canEdit ? (
          <button type="submit" className="btn-primary" disabled={pending}>
            {pending ? t('shared.saving') : t('settings.modal.save')}
          </button>
        ) : null}
      </div>
    </form>
  );
}

/** One settings group's Configure modal (View for staff who cannot change settings). */
export function SettingsGroupModal({
  group,
  view,
  canEdit,
  onClose,
}: {
  group: SettingsGroup | null;
  view: SiteSettingsView | undefined;
  canEdit: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('admin');
  return (
    <Modal
      open={group !== null}
      onOpenChange={(o) => (o ? undefined : onClose())}
      title={group ? t(GROUP_META[group].title) : ''}
      description={group ? t(GROUP_META[group].description) : undefined}
      size="lg"
      testId="settings-modal"
    >
      {group && view ? <GroupForm key={group} group={group} view={view} canEdit={canEdit} onClose={onClose} /> : null}
    </Modal>
  );
}
