import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/client';
import { QueryView } from './QueryView';
import '../test/i18n';

const KEY = ['query-view-test'];

/** A client whose query under KEY holds `data`, failed with `error`, or has not answered (neither). */
function clientWith(state: { data?: string[]; error?: Error }): QueryClient {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, retryOnMount: false } } });
  if (state.data) client.setQueryData(KEY, state.data);
  if (state.error)
    client.getQueryCache().build(
      client,
      { queryKey: KEY },
      {
        status: 'error',
        error: state.error,
        data: undefined,
        dataUpdateCount: 0,
        dataUpdatedAt: 0,
        errorUpdateCount: 1,
        errorUpdatedAt: Date.now(),
        fetchFailureCount: 1,
        fetchFailureReason: null,
        fetchMeta: null,
        isInvalidated: false,
        fetchStatus: 'idle',
      },
    );
  return client;
}

/** QueryView's props but the query and the data view, kept apart per kind of error view. */
type ViewProps = Parameters<typeof QueryView<string[]>>[0] extends infer P
  ? P extends unknown
    ? Omit<P, 'query' | 'children'>
    : never
  : never;

/** QueryView over a query of a list of names; its data shows as "names: a, b". */
function Names(props: ViewProps) {
  // Never answers: a test without seeded data sees the first load.
  const query = useQuery({ queryKey: KEY, queryFn: () => new Promise<string[]>(() => undefined) });
  return (
    <QueryView query={query} {...props}>
      {(names) => <p>names: {names.join(', ')}</p>}
    </QueryView>
  );
}

function render(client: QueryClient, view: ReactNode): string {
  return renderToStaticMarkup(<QueryClientProvider client={client}>{view}</QueryClientProvider>);
}

describe('QueryView', () => {
  it('shows a spinner with its label while the query first loads, or the pending view it is given', () => {
    const spinner = render(clientWith({}), <Names fallback="Failed" loadingLabel="Loading names..." />);
    expect(spinner).toContain('role="status"');
    expect(spinner).toContain('Loading names...');
    expect(spinner).not.toContain('names:');

    const skeleton = render(clientWith({}), <Names fallback="Failed" pending={<p>names: …</p>} />);
    expect(skeleton).toBe('<p>names: …</p>');
  });

  it("shows the server's message (or the fallback) with Try Again, in the classes it is given", () => {
    const server = new ApiError(503, 'HTTP_ERROR', 'Service unavailable', undefined, true);
    expect(render(clientWith({ error: server }), <Names fallback="Failed" />)).toContain('Service unavailable');

    const html = render(clientWith({ error: new Error('boom') }), <Names fallback="Failed" errorClassName="card" />);
    expect(html).toContain('role="alert"');
    // Not a message from the server: the fallback says it.
    expect(html).toContain('<p class="text-sm">Failed</p>');
    expect(html).not.toContain('boom');
    expect(html).toMatch(/class="[^"]* card"/);
    expect(html).toContain('Try Again');
    expect(html).not.toContain('names:');
  });

  it('shows a screen of its own for an error when given renderError', () => {
    const html = render(
      clientWith({ error: new Error('boom') }),
      <Names renderError={(error) => <p data-testid="own-error">Could not list: {error.message}</p>} />,
    );
    expect(html).toBe('<p data-testid="own-error">Could not list: boom</p>');
  });

  it('shows the empty view when its test holds, the data otherwise', () => {
    const empty = { when: (names: string[]) => names.length === 0, view: <p>No names yet</p> };
    expect(render(clientWith({ data: [] }), <Names fallback="Failed" empty={empty} />)).toBe('<p>No names yet</p>');
    expect(render(clientWith({ data: ['ada', 'bo'] }), <Names fallback="Failed" empty={empty} />)).toBe(
      '<p>names: ada, bo</p>',
    );
    // Without an empty view, empty data is data.
    expect(render(clientWith({ data: [] }), <Names fallback="Failed" />)).toBe('<p>names: </p>');
  });

  it('puts a failure before the empty view', () => {
    const empty = { when: () => true, view: <p>No names yet</p> };
    const html = render(clientWith({ error: new Error('boom') }), <Names fallback="Failed" empty={empty} />);
    expect(html).toContain('Try Again');
    expect(html).not.toContain('No names yet');
  });
});
