import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AuditEntry } from '@contract/audit';
import { call, keyOf } from './call';
import { apiOf } from './routes';

const auditApi = apiOf('auditApi');

export type { AuditEntry };

/** Filters of the audit-log screen; empty strings mean "any". */
export interface AuditFilters {
  action: string;
  /** The actor's user name (or part of it). */
  actor: string;
  targetType: string;
  targetId: string;
  from: string;
  to: string;
}

export const NO_AUDIT_FILTERS: AuditFilters = {
  action: '',
  actor: '',
  targetType: '',
  targetId: '',
  from: '',
  to: '',
};

/** The audit log shows 10 rows a page (spec §9, admin tables). */
export const AUDIT_PAGE_SIZE = 10;

export function useAuditLog(page: number, filters: AuditFilters) {
  const query: Record<string, string | number> = { page, limit: AUDIT_PAGE_SIZE };
  for (const [key, value] of Object.entries(filters)) if (value.trim()) query[key] = value.trim();
  const input = { query };
  return useQuery({
    queryKey: keyOf(auditApi.list, input),
    queryFn: ({ signal }) => call(auditApi.list, input, { signal }),
    placeholderData: keepPreviousData,
  });
}
