import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Messages } from '@contract/errors';
import { type SettingsGroup, type SiteSettingsKey } from '@contract/settings';
import { errorMessage, fieldIssues } from '../../../api/client';
import { useSaveSettings, type SiteSettingsView } from '../../../api/siteSettings';
import { Field, PasswordField, TextField, describedBy, inputClass } from '../../../components/FormField';
import { Modal } from '../../../components/Modal';
import { Notice } from '../../../components/Notice';
import { SwitchRow } from '../../../components/Switch';
import { FIELD_META, GROUP_META, groupFields, isOptional } from './settingsFields';
import { initialValues, toPatch, validate, type Value, type Values } from './settingsForm';

type Errors = Partial<Record<string, string>>;
const PROVIDERS = ['google', 'facebook', 'twitter'] as const;

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
  const id = useId();
  return (
    <fieldset className="flex flex-col gap-1.5" aria-describedby={describedBy(id, error)}>
      <legend className="text-sm font-medium">{FIELD_META.socialProviders.label}</legend>
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
            {p[0]!.toUpperCase() + p.slice(1)}
          </label>
        ))}
      </div>
      {error ? (
        <p id={`${id}-error`} className="text-sm text-danger" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
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
  const save = useSaveSettings();
  const [values, setValues] = useState<Values>(() => initialValues(group, view));
  const [errors, setErrors] = useState<Errors>({});
  const set = (key: SiteSettingsKey, v: Value) => setValues((old) => ({ ...old, [key]: v }));
  const currencyId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!canEdit) {
      toast.error(Messages.settingsForbidden);
      return;
    }
    const patch = toPatch(group, values);
    const found = validate(group, patch, view);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    save.mutate(patch, {
      onSuccess: () => {
        toast.success(Messages.settingsUpdated);
        onClose();
      },
      onError: (err) => {
        const server: Errors = {};
        for (const issue of fieldIssues(err)) server[issue.field.split('.')[0]!] ??= issue.message;
        setErrors(server);
        toast.error(errorMessage(err, 'Failed to update settings'));
      },
    });
  };

  return (
    <form className="flex flex-col gap-4" onSubmit={submit} noValidate aria-label={GROUP_META[group].title}>
      {!canEdit ? <Notice tone="info">{Messages.settingsForbidden}</Notice> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        {groupFields(group).map((key) => {
          const meta = FIELD_META[key];
          const v = values[key];
          const aside = isOptional(group, key) ? 'optional' : undefined;
          const common = { label: meta.label, error: errors[key], disabled: !canEdit, hint: meta.hint, aside };
          switch (meta.kind) {
            case 'boolean':
              return (
                <div key={key} className="sm:col-span-2">
                  <SwitchRow
                    label={meta.label}
                    description={meta.hint}
                    checked={v === true}
                    disabled={!canEdit}
                    onCheckedChange={(on) => set(key, on)}
                  />
                </div>
              );
            case 'providers':
              return (
                <div key={key} className="sm:col-span-2">
                  <ProvidersField
                    value={v as string[]}
                    onChange={(next) => set(key, next)}
                    disabled={!canEdit}
                    error={errors[key]}
                  />
                </div>
              );
            case 'currency':
              return (
                <Field key={key} id={currencyId} label={meta.label}>
                  <select
                    id={currencyId}
                    className={inputClass}
                    value={String(v)}
                    disabled={!canEdit}
                    onChange={(e) => set(key, e.target.value)}
                  >
                    <option value="USD">USD</option>
                  </select>
                </Field>
              );
            case 'secret':
              return (
                <PasswordField
                  key={key}
                  {...common}
                  value={String(v)}
                  onChange={(e) => set(key, e.target.value)}
                  autoComplete="new-password"
                  placeholder={view[key] ? 'Stored — leave blank to keep' : 'Not set'}
                  hint={view[key] ? 'A value is stored. Leave blank to keep it; it is never shown.' : meta.hint}
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
                  value={String(v)}
                  onChange={(e) => set(key, e.target.value)}
                />
              );
          }
        })}
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button type="button" className="btn-secondary" onClick={onClose}>
          {canEdit ? 'Cancel' : 'Close'}
        </button>
        {canEdit ? (
          <button type="submit" className="btn-primary" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save Changes'}
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
  return (
    <Modal
      open={group !== null}
      onOpenChange={(o) => (o ? undefined : onClose())}
      title={group ? GROUP_META[group].title : ''}
      description={group ? GROUP_META[group].description : undefined}
      size="lg"
      testId="settings-modal"
    >
      {group && view ? <GroupForm key={group} group={group} view={view} canEdit={canEdit} onClose={onClose} /> : null}
    </Modal>
  );
}
