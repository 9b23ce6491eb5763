import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { JobList, JobStatus, RunJobResponse } from '../../../contract/jobs';
import { apiFetch } from './client';

/** Hooks of the admin's job monitor. */
export type { JobList, JobStatus, RunJobResponse };

const jobsKey = ['admin-jobs'] as const;

export function useJobs() {
  // Refreshed every 30 s so a run by the timers shows up without a reload.
  return useQuery({
    queryKey: jobsKey,
    queryFn: ({ signal }) => apiFetch<JobList>('/admin/jobs', { signal }),
    refetchInterval: 30_000,
  });
}

export function useRunJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) =>
      apiFetch<RunJobResponse>(`/admin/jobs/${encodeURIComponent(name)}/run`, { method: 'POST' }),
    onSettled: () => void queryClient.invalidateQueries(),
  });
}
