import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { vi } from 'vitest';

/** Every request the page makes, answered with `reply`; `sent` settles on the first one. */
export function network(reply: unknown) {
  const requests: { url: string; method?: string; body: unknown }[] = [];
  let arrived = () => {};
  const sent = new Promise<void>((resolve) => (arrived = resolve));
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    requests.push({ url: String(input), method: init?.method, body: JSON.parse(String(init?.body)) });
    arrived();
    return Response.json(reply);
  });
  return { requests, sent };
}

function Probe<T>({ hook, onRender }: { hook: () => T; onRender: (value: T) => void }) {
  onRender(hook());
  return null;
}

/** A form's hook as the modal runs it (rendered once: there is no DOM here), and its query client. */
export function mount<T>(hook: () => T) {
  const client = new QueryClient();
  const rendered: T[] = [];
  renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <Probe hook={hook} onRender={(v) => rendered.push(v)} />
    </QueryClientProvider>,
  );
  const [handle] = rendered;
  if (handle === undefined) throw new Error('the form did not render');
  return { ...handle, mutations: () => client.getMutationCache().getAll() };
}
