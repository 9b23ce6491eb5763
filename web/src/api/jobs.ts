import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { JobList, JobRun, JobStatus, RunJobResponse } from '@contract/jobs';
import { call, keyOf } from './call';
import { apiOf } from './routes';

const jobsApi = apiOf('jobsApi');

/** Hooks of the admin's job monitor. */
export type { JobList, JobRun, JobStatus, RunJobResponse };

export function useJobs() {
  // Refreshed every 30 s so a run by the timers shows up without a reload.
  return useQuery({
    queryKey: keyOf(jobsApi.list),
    queryFn: ({ signal }) => call(jobsApi.list, {}, { signal }),
    refetchInterval: 30_000,
  });
}

export function useRunJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => call(jobsApi.run, { params: { name } }),
    // A job may change anything (returns paid, deposits settled): every cached answer is refreshed.
    onSettled: () => void queryClient.invalidateQueries(),
  });
}
