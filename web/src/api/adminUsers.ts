import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminUserCreate, ManagedUser, ManagedUserPage, Profile, ProfileUpdate } from '@contract/users';
import { apiFetch } from './client';

/** Hooks of Manage users: the table, the admin user form, edits, the status toggle and delete. */
export type { AdminUserCreate, ManagedUser, ManagedUserPage, Profile, ProfileUpdate };

/** Admin tables show 10 rows a page (spec §9). */
export const USERS_PAGE_SIZE = 10;
const LIST_KEY = 'admin-users';

export function useManagedUsers(page: number, search: string) {
  const params = new URLSearchParams({ page: String(page), limit: String(USERS_PAGE_SIZE) });
  if (search.trim()) params.set('search', search.trim());
  return useQuery({
    queryKey: [LIST_KEY, params.toString()],
    queryFn: ({ signal }) => apiFetch<ManagedUserPage>(`/users/all?${params.toString()}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** The full profile the Edit modal starts from. */
export function useUserProfile(id: number | null) {
  return useQuery({
    queryKey: ['admin-user-profile', id],
    queryFn: ({ signal }) => apiFetch<Profile>(`/users/profile/${id}`, { signal }),
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
      void queryClient.invalidateQueries({ queryKey: [LIST_KEY] });
      void queryClient.invalidateQueries({ queryKey: ['admin-user-profile'] });
      void queryClient.invalidateQueries({ queryKey: ['admin-user-options'] });
      void queryClient.invalidateQueries({ queryKey: ['site-health'] });
    },
  });
}

export const useCreateUser = () =>
  useUserWrite((body: AdminUserCreate) =>
    apiFetch<{ message: string; user: ManagedUser }>('/users', { method: 'POST', body }),
  );

export const useUpdateUser = () =>
  useUserWrite(({ id, patch }: { id: number; patch: ProfileUpdate }) =>
    apiFetch<{ message: string; user: Profile }>(`/users/profile/${id}`, { method: 'PUT', body: patch }),
  );

export const useSetUserStatus = () =>
  useUserWrite(({ id, status }: { id: number; status: 'active' | 'suspended' }) =>
    apiFetch<{ message: string; user: ManagedUser }>(`/users/${id}/status`, { method: 'PUT', body: { status } }),
  );

export const useDeleteUser = () =>
  useUserWrite((id: number) =>
    apiFetch<{ userId: number; message: string; soft: boolean }>(`/users/${id}`, { method: 'DELETE' }),
  );
