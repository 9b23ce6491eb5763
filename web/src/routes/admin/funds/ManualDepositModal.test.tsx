import '../../../test/i18n';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DepositMsg } from '@contract/funds';
import type { UserSummary } from '../../../api/adminFunds';
import { useManualDepositForm } from './ManualDepositModal';
import { mount, network } from '../../../test/formHook';

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
