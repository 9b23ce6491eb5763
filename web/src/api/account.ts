import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import type { DeviceSession } from '@contract/auth';
import type { Page } from '@contract/pagination';
import type { Profile, ProfileUpdate } from '@contract/users';
import { apiFetch } from './client';
import { useSession, type Session } from './session';

/** Hooks of the logged-in account screens: profile, avatar, password, devices, activity. */
export const accountKeys = {
  profile: (id: number) => ['profile', id] as const,
  devices: (id: number) => ['devices', id] as const,
  logs: (id: number) => ['logs', id] as const,
};

export interface ActivityLog {
  id: number;
  action: string;
  deviceInfo: { method: string; path: string; browser: string; os: string; device: string };
  ip: string;
  createdAt: string;
}

export function useProfile(id: number | undefined) {
  return useQuery({
    queryKey: accountKeys.profile(id ?? 0),
    queryFn: ({ signal }) => apiFetch<Profile>(`/users/profile/${id}`, { signal }),
    enabled: id !== undefined,
  });
}

export function useUpdateProfile(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: ProfileUpdate) =>
      apiFetch<{ message: string; user: Profile }>(`/users/profile/${id}`, { method: 'PUT', body: patch }),
    onSuccess: ({ user }) => {
      queryClient.setQueryData(accountKeys.profile(id), user);
      void queryClient.invalidateQueries({ queryKey: accountKeys.logs(id) });
    },
  });
}

export function useUploadAvatar(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('profileImage', file);
      return apiFetch<{ message: string; profileImage: string }>(`/users/${id}/profile-image`, {
        method: 'POST',
        form,
      });
    },
    onSuccess: ({ profileImage }) => {
      queryClient.setQueryData<Profile>(accountKeys.profile(id), (old) => (old ? { ...old, profileImage } : old));
    },
  });
}

export function useChangePassword(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { currentPassword: string; newPassword: string; confirmPassword: string }) =>
      apiFetch<{ message: string }>(`/users/${id}/password`, { method: 'PUT', body }),
    // Other devices were signed out and a security hold may have started.
    onSuccess: () =>
      void queryClient.invalidateQueries({
        predicate: (q) => ['profile', 'devices', 'logs'].includes(String(q.queryKey[0])),
      }),
  });
}

export function useDeviceSessions(userId: number) {
  return useQuery({
    queryKey: accountKeys.devices(userId),
    queryFn: ({ signal }) => apiFetch<{ data: DeviceSession[] }>(`/users/device-sessions/${userId}`, { signal }),
    select: (r) => r.data,
  });
}

export function useDisconnectDevice(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: number) =>
      apiFetch<{ message: string }>(`/users/device-sessions/${sessionId}`, { method: 'DELETE' }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: accountKeys.devices(userId) }),
  });
}

export function useDisconnectOthers(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<{ message: string }>('/users/disconnect-all-devices', { method: 'POST', body: {} }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: accountKeys.devices(userId) }),
  });
}

export function useActivityLogs(userId: number, page: number, limit: number) {
  return useQuery({
    queryKey: [...accountKeys.logs(userId), page, limit],
    queryFn: ({ signal }) =>
      apiFetch<Page<ActivityLog>>(`/users/logs/${userId}?page=${page}&limit=${limit}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

/**
 * The logged-in user and their profile, for screens behind the session guard (which
 * guarantees the session; `session` is null only for the instant after a logout).
 */
export function useAccount(): { session: Session | null; profile: ReturnType<typeof useProfile> } {
  const { data: session } = useSession();
  const profile = useProfile(session?.id);
  return { session: session ?? null, profile };
}

/** "security-settings" → "Security settings". */
export function pageLabel(pathname: string): string {
  const segment = pathname.split('/')[3] || 'dashboard';
  const words = decodeURIComponent(segment).replace(/-/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Records each page the logged-in user opens (POST /activity/logs); failures are ignored. */
export function useActivityLog(): void {
  const { pathname } = useLocation();
  const last = useRef<string | null>(null);
  useEffect(() => {
    if (last.current === pathname) return;
    last.current = pathname;
    apiFetch('/activity/logs', {
      method: 'POST',
      body: { action: `Visited ${pageLabel(pathname)}`, path: pathname },
    }).catch(() => {
      // A missed page-visit record must never disturb the page.
    });
  }, [pathname]);
}
