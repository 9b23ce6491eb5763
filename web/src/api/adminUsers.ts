import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminUserCreate,
  ManagedUser,
  ManagedUserPage,
  Profile,
  ProfileUpdate,
  SecurityHoldChange,
} from '@contract/users';
import { call, keyOf } from './call';
import { apiOf } from './routes';

const securityHoldApi = apiOf('securityHoldApi');
const usersApi = apiOf('usersApi');

/** Hooks of Manage users: the table, the admin user form, edits, the status toggle and delete. */
export type { AdminUserCreate, ManagedUser, ManagedUserPage, Profile, ProfileUpdate };

/** Admin tables show 10 rows a page (spec §9). */
export const USERS_PAGE_SIZE = 10;

export function useManagedUsers(page: number, search: string) {
  const input = { query: { page, limit: USERS_PAGE_SIZE, search: search.trim() || undefined } };
  return useQuery({
    queryKey: keyOf(usersApi.managed, input),
    queryFn: ({ signal }) => call(usersApi.managed, input, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** The full profile the Edit modal starts from. */
export function useUserProfile(id: number | null) {
  const input = { params: { id: id ?? 0 } };
  return useQuery({
    queryKey: keyOf(usersApi.profile, input),
    queryFn: ({ signal }) => call(usersApi.profile, input, { signal }),
    enabled: id !== null,
    staleTime: 0,
  });
}

/** Every write changes the table and the user counts elsewhere (site health, selects). */
function useUserWrite<TArgs, TResult>(fn: (args: TArgs) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => {
      for (const r of [usersApi.managed, usersApi.profile, usersApi.summaries])
        void queryClient.invalidateQueries({ queryKey: keyOf(r) });
      void queryClient.invalidateQueries({ queryKey: ['site-health'] });
    },
  });
}

export const useCreateUser = () => useUserWrite((body: AdminUserCreate) => call(usersApi.create, { body }));

export const useUpdateUser = () =>
  useUserWrite(({ id, patch }: { id: number; patch: ProfileUpdate }) =>
    call(usersApi.updateProfile, { params: { id }, body: patch }),
  );

export const useSetUserStatus = () =>
  useUserWrite(({ id, status }: { id: number; status: 'active' | 'suspended' }) =>
    call(usersApi.setStatus, { params: { id }, body: { status } }),
  );

export const useDeleteUser = () => useUserWrite((id: number) => call(usersApi.remove, { params: { id } }));

/** Ends a user's running security hold now, or shortens it (`until`), with the reason the user is told. */
export const useChangeSecurityHold = () =>
  useUserWrite(({ id, body }: { id: number; body: SecurityHoldChange }) =>
    call(securityHoldApi.change, { params: { id }, body }),
  );
