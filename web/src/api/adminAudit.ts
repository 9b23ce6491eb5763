import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AuditEntry, AuditLogPage } from '../../../contract/audit';
import { apiFetch } from './client';

export type { AuditEntry };

/** Filters of the audit-log screen; empty strings mean "any". */
export interface AuditFilters {
  action: string;
  actorId: string;
  targetType: string;
  targetId: string;
  from: string;
  to: string;
}

export const NO_AUDIT_FILTERS: AuditFilters = {
  action: '',
  actorId: '',
  targetType: '',
  targetId: '',
  from: '',
  to: '',
};

/** The audit log shows 10 rows a page (spec §9, admin tables). */
export const AUDIT_PAGE_SIZE = 10;

export function useAuditLog(page: number, filters: AuditFilters) {
  const params = new URLSearchParams({ page: String(page), limit: String(AUDIT_PAGE_SIZE) });
  for (const [key, value] of Object.entries(filters)) if (value.trim()) params.set(key, value.trim());
  const query = params.toString();
  return useQuery({
    queryKey: ['audit-log', query],
    queryFn: ({ signal }) => apiFetch<AuditLogPage>(`/admin/audit-log?${query}`, { signal }),
    placeholderData: keepPreviousData,
  });
}
