import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadError } from './Notice';
import { Spinner } from './Spinner';

interface QueryViewProps<T> {
  query: UseQueryResult<T>;
  /** Said when the server's error has no message of its own. */
  fallback: string;
  loadingLabel?: string;
  children: (data: T) => ReactNode;
}

/** What a query shows: a spinner while it first loads, the error with a retry, then its data. */
export function QueryView<T>({ query, fallback, loadingLabel, children }: QueryViewProps<T>) {
  if (query.isPending) return <Spinner label={loadingLabel} />;
  if (query.isError) return <LoadError error={query.error} fallback={fallback} onRetry={() => void query.refetch()} />;
  return <>{children(query.data)}</>;
}
