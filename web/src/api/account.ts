import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import type { ActivityFilter } from '@contract/activity';
import type { PasswordChange, Profile, ProfileUpdate } from '@contract/users';
import { call, keyOf } from './call';
import { useSession, type Session } from './session';
import { apiOf } from './routes';

const activityApi = apiOf('activityApi');
const sessionsApi = apiOf('sessionsApi');
const usersApi = apiOf('usersApi');

/** Hooks of the logged-in account screens: profile, avatar, password, devices, activity. */
export const accountKeys = {
  profile: (id: number) => keyOf(usersApi.profile, { params: { id } }),
  devices: (id: number) => keyOf(sessionsApi.ofUser, { params: { id } }),
};

export function useProfile(id: number | undefined) {
  return useQuery({
    queryKey: accountKeys.profile(id ?? 0),
    queryFn: ({ signal }) => call(usersApi.profile, { params: { id: id ?? 0 } }, { signal }),
    enabled: id !== undefined,
  });
}

export function useUpdateProfile(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: ProfileUpdate) => call(usersApi.updateProfile, { params: { id }, body: patch }),
    onSuccess: ({ user }) => {
      queryClient.setQueryData(accountKeys.profile(id), user);
      void queryClient.invalidateQueries({ queryKey: keyOf(activityApi.ofUser) });
    },
  });
}

export function useUploadAvatar(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('profileImage', file);
      return call(usersApi.uploadAvatar, { params: { id } }, { form });
    },
    onSuccess: ({ profileImage }) => {
      queryClient.setQueryData<Profile>(accountKeys.profile(id), (old) => (old ? { ...old, profileImage } : old));
    },
  });
}

export function useChangePassword(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PasswordChange) => call(usersApi.changePassword, { params: { id }, body }),
    // Other devices were signed out and a security hold may have started.
    onSuccess: () => {
      for (const queryKey of [accountKeys.profile(id), accountKeys.devices(id), keyOf(activityApi.ofUser)])
        void queryClient.invalidateQueries({ queryKey });
    },
  });
}

export function useDeviceSessions(userId: number) {
  return useQuery({
    queryKey: accountKeys.devices(userId),
    queryFn: ({ signal }) => call(sessionsApi.ofUser, { params: { id: userId } }, { signal }),
    select: (r) => r.data,
  });
}

/** A disconnect changes the device list and adds a security event to the activity. */
function useDevicesChanged(userId: number) {
  const queryClient = useQueryClient();
  return () => {
    for (const queryKey of [accountKeys.devices(userId), keyOf(activityApi.ofUser)])
      void queryClient.invalidateQueries({ queryKey });
  };
}

export function useDisconnectDevice(userId: number) {
  const changed = useDevicesChanged(userId);
  return useMutation({
    // No body: signed in, the session cookie is all the proof it needs.
    mutationFn: (sessionId: number) => call(sessionsApi.disconnect, { params: { id: sessionId } }),
    onSuccess: changed,
  });
}

export function useDisconnectOthers(userId: number) {
  const changed = useDevicesChanged(userId);
  return useMutation({
    mutationFn: () => call(sessionsApi.disconnectAll, { body: {} }),
    onSuccess: changed,
  });
}

export function useActivityLogs(userId: number, page: number, limit: number, kind?: ActivityFilter) {
  const input = { params: { id: userId }, query: { page, limit, ...(kind && { kind }) } };
  return useQuery({
    queryKey: keyOf(activityApi.ofUser, input),
    queryFn: ({ signal }) => call(activityApi.ofUser, input, { signal }),
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
    call(activityApi.record, { body: { action: `Visited ${pageLabel(pathname)}`, path: pathname } }).catch(() => {
      // A missed page-visit record must never disturb the page.
    });
  }, [pathname]);
}
