import { Pencil, Plus, Search, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast';
import { USER_SEARCH_MAX, UsersMsg, accountState, zUserListQuery } from '@contract/users';
import { errorMessage } from '../../../api/client';
import { useDeleteUser, useManagedUsers, useSetUserStatus, type ManagedUser } from '../../../api/adminUsers';
import { useSession } from '../../../api/session';
import { PageHeader } from '../../../components/Card';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { DataTable, type Column } from '../../../components/DataTable';
import { inputClass } from '../../../components/FormField';
import { Pagination } from '../../../components/Pagination';
import { QueryView } from '../../../components/QueryView';
import { DateTimeCell } from '../../../components/TableCells';
import { translateMessage } from '../../../i18n/messages';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { useListState } from '../../../lib/useListState';
import { usePageTitle } from '../../../lib/usePageTitle';
import { AccountStateBadge } from '../../../components/AccountDisplay';
import { UserFormModal } from './UserFormModal';
import { useUserWords } from './userWords';

const fullName = (u: ManagedUser) => `${u.firstName} ${u.lastName}`.trim() || u.userName;

/**
 * The status cell: the account's one state word (Active, Email not confirmed, Suspended); for
 * admins a button that suspends or lifts the suspension, the only thing the toggle changes.
 */
function StatusCell({
  user,
  canToggle,
  onToggle,
}: {
  user: ManagedUser;
  canToggle: boolean;
  onToggle: (u: ManagedUser) => void;
}) {
  const { t } = useTranslation('admin');
  const words = useUserWords();
  const badge = <AccountStateBadge account={user} />;
  if (!canToggle) return badge;
  const active = user.status === 'active';
  const state = words.accountState(accountState(user));
  return (
    <button
      type="button"
      className="rounded-full focus-visible:outline-2 focus-visible:outline-accent"
      onClick={() => onToggle(user)}
      aria-label={
        active
          ? t('users.toggle.suspendLabel', { state, userName: user.userName })
          : t('users.toggle.unsuspendLabel', { state, userName: user.userName })
      }
      title={active ? t('users.toggle.suspendTitle') : t('users.toggle.unsuspendTitle')}
    >
      {badge}
    </button>
  );
}

function RowActions({
  user,
  onEdit,
  onDelete,
}: {
  user: ManagedUser;
  onEdit: (u: ManagedUser) => void;
  onDelete: (u: ManagedUser) => void;
}) {
  const { t } = useTranslation('admin');
  return (
    <div className="flex justify-end gap-1">
      <button
        type="button"
        className="icon-btn size-9"
        onClick={() => onEdit(user)}
        aria-label={t('users.row.edit', { userName: user.userName })}
      >
        <Pencil className="size-4" aria-hidden="true" />
      </button>
      <button
        type="button"
        className="icon-btn size-9 text-danger"
        onClick={() => onDelete(user)}
        aria-label={t('users.row.delete', { userName: user.userName })}
      >
        <Trash2 className="size-4" aria-hidden="true" />
      </button>
    </div>
  );
}

function UserName({ user }: { user: ManagedUser }) {
  const { t } = useTranslation('admin');
  return (
    <div className="flex min-w-0 flex-col">
      <span className="truncate font-medium">{fullName(user)}</span>
      <span className="truncate text-xs text-muted">
        @{user.userName} · {t('shared.id', { id: user.id })}
      </span>
    </div>
  );
}

/** Runs the last thing it was given once calls pause for `ms`: a search waits until typing stops. */
function useDebounce(ms: number) {
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return (run: () => void) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(run, ms);
  };
}

/** The search as the address keeps it: trimmed (the box takes no more than the schema allows). */
const searchOf = (typed: string) => zUserListQuery.shape.search.safeParse(typed).data ?? '';

/** /app/admin/manage-users: every user, 10 per page, searchable; admins add, edit, toggle status and delete. */
export function Component() {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation('common');
  const words = useUserWords();
  usePageTitle(t('users.title'));
  const session = useSession().data;
  const isAdmin = session?.role === 'admin';
  const searchId = useId();
  const { page, filters, setPage, setFilters } = useListState(zUserListQuery);
  const term = filters.search ?? '';
  const [search, setSearch] = useState(term);
  // The search the box and the address last agreed on: when the address moves by itself (Back, a link), the box
  // follows; when it catches up with typing, what was typed since stays.
  const [agreed, setAgreed] = useState(term);
  if (term !== agreed) {
    setAgreed(term);
    setSearch(term);
  }
  const debounce = useDebounce(300);
  const [form, setForm] = useState<{ editId: number | null } | null>(null);
  const [toDelete, setToDelete] = useState<ManagedUser | null>(null);
  const [toToggle, setToToggle] = useState<ManagedUser | null>(null);
  const list = useManagedUsers(page, term);
  const remove = useDeleteUser();
  const setStatus = useSetUserStatus();

  const confirmDelete = () => {
    if (!toDelete) return;
    remove.mutate(toDelete.id, {
      onSuccess: ({ message }) => toast.success(translateMessage(message)),
      onError: (err) => toast.error(errorMessage(err, t('users.delete.failed'))),
      onSettled: () => setToDelete(null),
    });
  };
  const confirmToggle = () => {
    if (!toToggle) return;
    setStatus.mutate(
      { id: toToggle.id, status: toToggle.status === 'active' ? 'suspended' : 'active' },
      {
        onSuccess: ({ message }) => toast.success(translateMessage(message)),
        onError: (err) => toast.error(errorMessage(err, t('users.toggle.failed'))),
        onSettled: () => setToToggle(null),
      },
    );
  };

  const isSelf = (u: ManagedUser) => u.id === session?.id;
  const actions = (u: ManagedUser) =>
    isSelf(u) ? (
      <RowActions
        user={u}
        onEdit={() => setForm({ editId: u.id })}
        onDelete={() => toast.error(translateMessage(UsersMsg.selfDelete))}
      />
    ) : (
      <RowActions user={u} onEdit={() => setForm({ editId: u.id })} onDelete={setToDelete} />
    );
  const status = (u: ManagedUser) => <StatusCell user={u} canToggle={isAdmin && !isSelf(u)} onToggle={setToToggle} />;
  const columns: Column<ManagedUser>[] = [
    { label: t('users.columns.user'), cell: (u) => <UserName user={u} />, className: 'max-w-56', card: 'title' },
    { label: t('users.columns.email'), cell: (u) => u.email, className: 'max-w-56 truncate' },
    { label: t('users.columns.role'), cell: (u) => words.role(u.role) },
    { label: t('users.columns.status'), cell: status, card: 'badge' },
    {
      label: t('users.columns.joined'),
      cell: (u) => <DateTimeCell iso={u.createdAt} />,
      cardCell: (u) => formatDateTime(u.createdAt),
    },
    ...(isAdmin ? [{ label: t('users.columns.actions'), numeric: true, cell: actions, card: 'actions' as const }] : []),
  ];

  return (
    <div
      className="mx-auto flex w-full max-w-6xl min-w-0 flex-col gap-6 px-4 py-6 sm:px-6 lg:py-8"
      data-testid="manage-users-page"
    >
      <PageHeader title={t('users.title')} description={t('users.description')}>
        {isAdmin ? (
          <button type="button" className="btn-primary" onClick={() => setForm({ editId: null })}>
            <Plus className="size-4" aria-hidden="true" />
            {t('users.add')}
          </button>
        ) : null}
      </PageHeader>
      <div className="card flex flex-wrap items-end justify-between gap-4 p-4">
        <div className="flex min-w-0 flex-1 flex-col gap-1.5 sm:max-w-sm">
          <label htmlFor={searchId} className="text-sm font-medium">
            {t('users.search.label')}
          </label>
          <div className="relative">
            <Search
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted"
              aria-hidden="true"
            />
            <input
              id={searchId}
              type="search"
              className={`${inputClass} pl-9`}
              placeholder={t('users.search.placeholder')}
              maxLength={USER_SEARCH_MAX}
              value={search}
              onChange={(e) => {
                const typed = e.target.value;
                setSearch(typed);
                if (page !== 1) setPage(1, true);
                debounce(() => {
                  setAgreed(searchOf(typed));
                  setFilters({ search: searchOf(typed) || undefined });
                });
              }}
            />
          </div>
        </div>
        <p className="text-sm text-muted" aria-live="polite">
          {list.data ? (
            <Trans
              t={t}
              i18nKey="users.total"
              count={list.data.totalRecords}
              values={{ total: formatNumber(list.data.totalRecords) }}
              components={{ n: <span className="font-semibold text-fg" data-testid="users-total" /> }}
            />
          ) : (
            <Trans
              t={t}
              i18nKey="users.totalPending"
              components={{ n: <span className="font-semibold text-fg" data-testid="users-total" /> }}
            />
          )}
        </p>
      </div>
      <QueryView query={list} fallback={t('users.failed')}>
        {(data) => (
          <div className="flex min-w-0 flex-col gap-4">
            <DataTable
              rows={data.data}
              columns={columns}
              rowKey={(u) => u.id}
              caption={t('users.caption')}
              emptyText={term ? t('users.emptySearch') : t('users.empty')}
              minWidth="min-w-[760px]"
              testId="users-table"
              rowTestId="user-row"
              cardTestId="user-item"
              rowData={(u) => ({ 'data-username': u.userName })}
              cardReference={(u) => u.userName}
            />
            {/* No pager under an empty first page; an empty later one is past the end, which the pager corrects. */}
            {data.data.length > 0 || page > 1 ? (
              <Pagination page={data.currentPage} totalPages={data.totalPages} onPageChange={setPage} />
            ) : null}
          </div>
        )}
      </QueryView>
      <UserFormModal
        open={form !== null}
        editId={form?.editId ?? null}
        selfId={session?.id}
        onClose={() => setForm(null)}
      />
      <ConfirmDialog
        open={toDelete !== null}
        title={t('users.delete.title')}
        description={
          toDelete
            ? t('users.delete.description', { name: fullName(toDelete), userName: toDelete.userName })
            : undefined
        }
        confirmLabel={tc('action.delete')}
        busyLabel={t('users.delete.busy')}
        cancelLabel={tc('action.cancel')}
        busy={remove.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={confirmDelete}
      />
      <ConfirmDialog
        open={toToggle !== null}
        title={toToggle && toToggle.status !== 'active' ? t('users.lift.title') : t('users.suspend.title')}
        description={
          toToggle
            ? toToggle.status !== 'active'
              ? t('users.lift.description', { userName: toToggle.userName })
              : t('users.suspend.description', { userName: toToggle.userName })
            : undefined
        }
        confirmLabel={toToggle && toToggle.status !== 'active' ? t('users.lift.confirm') : t('users.suspend.confirm')}
        busyLabel={t('shared.saving')}
        cancelLabel={tc('action.cancel')}
        busy={setStatus.isPending}
        onCancel={() => setToToggle(null)}
        onConfirm={confirmToggle}
      />
    </div>
  );
}
