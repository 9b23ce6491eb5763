import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast';
import { z } from 'zod';
import { NOTIFICATION_MAX_LENGTH, NOTIFICATION_RECIPIENTS, NotificationMsg, zSendToAll } from '@contract/notifications';
import { errorMessage, fieldIssues } from '../../../api/client';
import type { UserSummary } from '../../../api/adminFunds';
import { useSendNotification } from '../../../api/notifications';
import { Field, describedBy, inputClass } from '../../../components/FormField';
import { Modal } from '../../../components/ui/Modal';
import { SwitchRow } from '../../../components/ui/Switch';
import { translateMessage } from '../../../i18n/messages';
import { formatNumber } from '../../../lib/format';
import { UserSelect } from '../funds/UserSelect';

const emailAndUserName = (u: UserSummary) => `${u.email} (@${u.userName})`;

/** Nothing typed is "required"; only spaces is "cannot be empty" (the contract's own message). */
const zText = z.string().min(1, NotificationMsg.messageRequired).pipe(zSendToAll.shape.message);

/** All Users, or one user picked in the select (required then, with the server's message). */
export const zNotificationForm = zSendToAll
  .extend({ to: z.enum(NOTIFICATION_RECIPIENTS), user: z.custom<UserSummary | null>(), message: zText })
  .refine((v) => v.to === 'all' || v.user !== null, { message: NotificationMsg.userIdRequired, path: ['user'] });
type Values = z.input<typeof zNotificationForm>;
const EMPTY: Values = { to: 'all', user: null, message: '', includeLaterUsers: false };

/** The form's state and its submit; the message goes out as typed (the server trims it). */
export function useSendNotificationForm(onClose: () => void) {
  const send = useSendNotification();
  const form = useForm<Values>({
    resolver: zodResolver(zNotificationForm, undefined, { raw: true }),
    defaultValues: EMPTY,
    // Messages appear on submit and stay until the next one; focus stays on the button.
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });

  const submit = form.handleSubmit(({ to, user, message, includeLaterUsers }) =>
    send.mutate(
      to === 'all'
        ? { to, message, includeLaterUsers: includeLaterUsers === true }
        : { to, userId: user ? user.id : null, message },
      {
        onSuccess: () => {
          toast.success(translateMessage(NotificationMsg.sent));
          form.reset(EMPTY);
          onClose();
        },
        onError: (err) => {
          for (const i of fieldIssues(err)) {
            if (i.field === 'userId') form.setError('user', { message: i.message });
            if (i.field === 'message') form.setError('message', { message: i.message });
          }
          toast.error(errorMessage(err, translateMessage(NotificationMsg.sendFailed)));
        },
      },
    ),
  );
  return { form, submit, pending: send.isPending };
}

/** Send New Notification: All Users or one user (select shows email and user name), and the message. */
export function SendNotificationModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation('common');
  const { form, submit, pending } = useSendNotificationForm(onClose);
  const [to, message] = useWatch({ control: form.control, name: ['to', 'message'] });
  const messageError = form.formState.errors.message?.message;
  const recipientId = useId();
  const messageId = useId();

  return (
    <Modal
      open={open}
      onOpenChange={(o) => {
        if (!o) onClose();
      }}
      title={t('notifications.send.title')}
      testId="send-notification-modal"
      footer={
        <>
          <button type="button" className="btn-secondary" onClick={onClose}>
            {tc('action.cancel')}
          </button>
          <button type="submit" form="send-notification-form" className="btn-primary" disabled={pending}>
            {pending ? t('notifications.send.sending') : t('notifications.send.send')}
          </button>
        </>
      }
    >
      <form
        id="send-notification-form"
        className="flex flex-col gap-4"
        onSubmit={submit}
        noValidate
        aria-label={t('notifications.send.label')}
      >
        <Field id={recipientId} label={t('notifications.columns.recipient')}>
          <select id={recipientId} className={inputClass} {...form.register('to')}>
            <option value="all">{t('notifications.recipient.all')}</option>
            <option value="user">{t('notifications.send.specificUser')}</option>
          </select>
        </Field>
        {to === 'user' ? (
          <Controller
            control={form.control}
            name="user"
            render={({ field, fieldState }) => (
              <UserSelect
                value={field.value}
                onChange={field.onChange}
                error={fieldState.error?.message}
                optionLabel={emailAndUserName}
              />
            )}
          />
        ) : null}
        {to === 'all' ? (
          <Controller
            control={form.control}
            name="includeLaterUsers"
            render={({ field }) => (
              <SwitchRow
                label={t('notifications.send.includeLater')}
                checked={field.value === true}
                onCheckedChange={field.onChange}
                testId="include-later-users"
              />
            )}
          />
        ) : null}
        <Field
          id={messageId}
          label={t('notifications.columns.message')}
          error={messageError}
          hint={`${formatNumber(message.length)}/${formatNumber(NOTIFICATION_MAX_LENGTH)}`}
        >
          <textarea
            id={messageId}
            className={`${inputClass} min-h-28`}
            maxLength={NOTIFICATION_MAX_LENGTH}
            aria-invalid={messageError ? true : undefined}
            aria-describedby={describedBy(messageId, messageError, 'hint')}
            required
            {...form.register('message')}
          />
        </Field>
      </form>
    </Modal>
  );
}
