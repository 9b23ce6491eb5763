import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DepositMsg } from '@contract/funds';
import type { UserSummary } from '../../../api/adminFunds';
import { useManualDepositForm } from './ManualDepositModal';

const investor: UserSummary = {
  id: 42,
  userName: 'ivy',
  firstName: 'Ivy',
  lastName: 'Stone',
  email: 'ivy@example.test',
  role: 'user',
  status: 'active',
  createdAt: '2025-01-01T00:00:00.000Z',
};

/** Every request the page makes, answered with `reply`; `sent` settles on the first one. */
function network(reply: unknown) {
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
function mount<T>(hook: () => T) {
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

afterEach(() => {
  vi.restoreAllMocks();
});

describe('manual deposit form', () => {
  it('asks for a user and an amount and sends nothing', async () => {
    const { requests } = network({});
    const f = mount(() => useManualDepositForm(() => {}));
    f.form.setValue('amount', '  ');
    await f.submit();
    expect(f.form.getFieldState('user').error?.message).toBe('Select a user');
    expect(f.form.getFieldState('amount').error?.message).toBe(DepositMsg.invalidAmount);
    expect(f.mutations()).toHaveLength(0);
    expect(requests).toEqual([]);
  });

  it('refuses more than 2 decimals with the server message, before sending', async () => {
    const { requests } = network({});
    const f = mount(() => useManualDepositForm(() => {}));
    f.form.setValue('user', investor);
    f.form.setValue('amount', '12.345');
    await f.submit();
    expect(f.form.getFieldState('amount').error?.message).toBe(
      'Amount must be a decimal number with at most 2 decimals',
    );
    f.form.setValue('amount', '0');
    await f.submit();
    expect(f.form.getFieldState('amount').error?.message).toBe('Amount must be greater than 0');
    expect(f.mutations()).toHaveLength(0);
    expect(requests).toEqual([]);
  });

  it('credits the chosen user: the typed amount trimmed, currency, notes and one key per opening', async () => {
    const { requests, sent } = network({ message: 'Manual deposit recorded' });
    const f = mount(() => useManualDepositForm(() => {}));
    f.form.setValue('user', investor);
    f.form.setValue('amount', ' 500 ');
    f.form.setValue('currency', 'USDT');
    f.form.setValue('notes', ' Bank wire received ');
    await f.submit();
    await sent;
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      url: '/api/deposits/manual',
      method: 'POST',
      body: { userId: 42, amount: '500', currency: 'USDT', notes: 'Bank wire received' },
    });
    expect(requests[0]?.body).toHaveProperty('idempotencyKey', expect.stringMatching(/^.{8,100}$/));
  });
});
