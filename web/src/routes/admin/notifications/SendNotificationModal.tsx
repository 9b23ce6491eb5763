import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { NOTIFICATION_MAX_LENGTH, NotificationMsg } from '@contract/notifications';
import { errorMessage, fieldIssues } from '../../../api/client';
import type { UserSummary } from '../../../api/adminFunds';
import { useSendNotification } from '../../../api/notifications';
import { Field, describedBy, inputClass } from '../../../components/FormField';
import { Modal } from '../../../components/Modal';
import { SwitchRow } from '../../../components/Switch';
import { UserSelect } from '../funds/UserSelect';

const emailAndUserName = (u: UserSummary) => `${u.email} (@${u.userName})`;

/** Send New Notification: All Users or one user (select shows email and user name), and the message. */
export function SendNotificationModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [to, setTo] = useState<'all' | 'user'>('all');
  const [user, setUser] = useState<UserSummary | null>(null);
  const [message, setMessage] = useState('');
  const [includeLater, setIncludeLater] = useState(false);
  const [errors, setErrors] = useState<{ userId?: string; message?: string }>({});
  const send = useSendNotification();
  const recipientId = useId();
  const messageId = useId();

  const reset = () => {
    setTo('all');
    setUser(null);
    setMessage('');
    setIncludeLater(false);
    setErrors({});
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found: typeof errors = {};
    if (!message.trim()) found.message = message ? NotificationMsg.messageEmpty : NotificationMsg.messageRequired;
    if (to === 'user' && !user) found.userId = NotificationMsg.userIdRequired;
    setErrors(found);
    if (Object.keys(found).length) return;
    send.mutate(to === 'all' ? { to, message, includeLaterUsers: includeLater } : { to, userId: user!.id, message }, {
      onSuccess: () => {
        toast.success(NotificationMsg.sent);
        reset();
        onClose();
      },
      onError: (err) => {
        const issues: typeof errors = {};
        for (const i of fieldIssues(err))
          if (i.field === 'userId' || i.field === 'message') issues[i.field] = i.message;
        setErrors(issues);
        toast.error(errorMessage(err, NotificationMsg.sendFailed));
      },
    });
  };

  return (
    <Modal
      open={open}
      onOpenChange={(o) => {
        if (!o) onClose();
      }}
      title="Send New Notification"
      testId="send-notification-modal"
      footer={
        <>
          <button type="button" className="btn-secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" form="send-notification-form" className="btn-primary" disabled={send.isPending}>
            {send.isPending ? 'Sending...' : 'Send'}
          </button>
        </>
      }
    >
      <form
        id="send-notification-form"
        className="flex flex-col gap-4"
        onSubmit={submit}
        noValidate
        aria-label="Send notification"
      >
        <Field id={recipientId} label="Recipient">
          <select
            id={recipientId}
            className={inputClass}
            value={to}
            onChange={(e) => setTo(e.target.value as 'all' | 'user')}
          >
            <option value="all">All Users</option>
            <option value="user">Specific User</option>
          </select>
        </Field>
        {to === 'user' ? (
          <UserSelect value={user} onChange={setUser} error={errors.userId} optionLabel={emailAndUserName} />
        ) : null}
        {to === 'all' ? (
          <SwitchRow
            label="Also show to users who register later"
            checked={includeLater}
            onCheckedChange={setIncludeLater}
            testId="include-later-users"
          />
        ) : null}
        <Field
          id={messageId}
          label="Message"
          error={errors.message}
          hint={`${message.length}/${NOTIFICATION_MAX_LENGTH}`}
        >
          <textarea
            id={messageId}
            className={`${inputClass} min-h-28`}
            value={message}
            maxLength={NOTIFICATION_MAX_LENGTH}
            onChange={(e) => setMessage(e.target.value)}
            aria-invalid={errors.message ? true : undefined}
            aria-describedby={describedBy(messageId, errors.message, 'hint')}
            required
          />
        </Field>
      </form>
    </Modal>
  );
}
