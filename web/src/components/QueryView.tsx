import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadError } from './Notice';
import { Spinner } from './Spinner';

/** The error view: the server's message (or `fallback`) with a retry, or a screen's own. */
type ErrorProps =
  | {
      /** Said when the server's error has no message of its own. */
      fallback: string;
      /** Classes of the error box, e.g. `card` where it stands in for one. */
      errorClassName?: string;
      renderError?: never;
    }
  | {
      /** A screen whose failure reads differently (its own words, a not-found card). */
      renderError: (error: Error) => ReactNode;
      fallback?: never;
      errorClassName?: never;
    };

type QueryViewProps<T> = ErrorProps & {
  query: UseQueryResult<T>;
  loadingLabel?: string;
  /** Shown instead of the spinner while the query first loads (skeletons, the frame with placeholders). */
  pending?: ReactNode;
  /** Shown instead of the data when `when(data)` holds (no plans yet, nothing to draw). */
  empty?: { when: (data: T) => boolean; view: ReactNode };
  children: (data: T) => ReactNode;
};

/** What a query shows: a spinner while it first loads, the error with a retry, its empty state, then its data. */
export function QueryView<T>(props: QueryViewProps<T>) {
  const { query, loadingLabel, pending, empty, children } = props;
  if (query.isPending) return <>{pending === undefined ? <Spinner label={loadingLabel} /> : pending}</>;
  if (query.isError) {
    if (props.renderError) return <>{props.renderError(query.error)}</>;
    return (
      <LoadError
        error={query.error}
        fallback={props.fallback}
        onRetry={() => void query.refetch()}
        className={props.errorClassName}
      />
    );
  }
  if (empty?.when(query.data)) return <>{empty.view}</>;
  return <>{children(query.data)}</>;
}
