import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Msg, type Profile } from '@contract/users';
import { AddUserForm, useAddUserForm } from './AddUserForm';
import { EditUserForm, useEditUserForm } from './EditUserForm';
import { mount, network } from '../../../test/formHook';
import '../../../test/i18n';

const profile: Profile = {
  id: 5,
  userName: 'ada',
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.test',
  phone: '',
  address: '',
  city: '',
  state: '',
  country: 'GB',
  zipcode: '',
  dateOfBirth: '1990-12-10',
  profileImage: null,
  createdAt: '2025-01-01T00:00:00.000Z',
  role: 'user',
  status: 'active',
  isEmailVerified: true,
  twoFactorEnabled: true,
  hasCompletedOnboarding: true,
  emailNotifications: true,
  telegramNotifications: false,
  maxDevices: 3,
  mustChangePassword: false,
  securityHoldUntil: null,
  Account: { BTC_Wallet_Address: '', ETH_Wallet_Address: '' },
  bank: { accountHolder: '', bankName: '', accountNumber: '', swift: '' },
};

afterEach(() => {
  vi.restoreAllMocks();
});

describe('Add User form', () => {
  const filled = {
    firstName: 'Grace',
    lastName: 'Hopper',
    userName: 'grace',
    email: 'grace@example.test',
    dateOfBirth: '1985-03-04',
    password: 'a long enough password',
    confirmPassword: 'a long enough password',
  } as const;

  it('offers the three roles, user first', () => {
    const html = renderToStaticMarkup(
      <QueryClientProvider client={new QueryClient()}>
        <AddUserForm onClose={() => {}} />
      </QueryClientProvider>,
    );
    const options = [...html.matchAll(/<option value="([^"]+)"/g)].map((m) => m[1]);
    expect(options).toEqual(['user', 'admin', 'moderator']);
    expect(html).toContain('Create User');
  });

  it('refuses an underage user and unequal passwords together, and sends nothing', async () => {
    const { requests } = network({});
    const f = mount(() => useAddUserForm(() => {}));
    for (const [name, value] of Object.entries(filled)) f.form.setValue(name as keyof typeof filled, value);
    f.form.setValue('dateOfBirth', `${new Date().getFullYear() - 16}-01-01`);
    f.form.setValue('confirmPassword', 'not the same password');
    await f.submit();
    expect(f.form.getFieldState('dateOfBirth').error?.message).toBe(Msg.tooYoung);
    expect(f.form.getFieldState('confirmPassword').error?.message).toBe(Msg.passwordsMismatch);
    expect(f.form.getFieldState('email').error).toBeUndefined();
    expect(f.mutations()).toHaveLength(0);
    expect(requests).toEqual([]);
  });

  it('sends the whole form as typed, role included', async () => {
    const { requests, sent } = network({ message: 'User created successfully' });
    const f = mount(() => useAddUserForm(() => {}));
    for (const [name, value] of Object.entries(filled)) f.form.setValue(name as keyof typeof filled, value);
    f.form.setValue('role', 'moderator');
    await f.submit();
    await sent;
    expect(requests).toEqual([
      {
        url: '/api/users',
        method: 'POST',
        body: {
          ...filled,
          phone: '',
          country: '',
          btcWallet: '',
          ethWallet: '',
          role: 'moderator',
        },
      },
    ]);
  });
});

describe('Edit User form', () => {
  it('offers an admin editing themself no other role or status', () => {
    const html = renderToStaticMarkup(
      <QueryClientProvider client={new QueryClient()}>
        <EditUserForm profile={{ ...profile, role: 'admin' }} isSelf onClose={() => {}} />
      </QueryClientProvider>,
    );
    const options = [...html.matchAll(/<option value="([^"]+)"/g)].map((m) => m[1]);
    expect(options).toEqual(['admin', 'active']);
    expect(html).toContain('Save Changes');
  });

  it('starts from the profile, with 2FA left on', () => {
    const f = mount(() => useEditUserForm(profile, () => {}));
    expect(f.form.getValues()).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.test',
      phone: '',
      role: 'user',
      status: 'active',
      isEmailVerified: true,
      turnOff2fa: false,
      maxDevices: '3',
    });
  });

  it('judges only what changed, by the profile update schema, and sends nothing when it fails', async () => {
    const { requests } = network({});
    const f = mount(() => useEditUserForm(profile, () => {}));
    f.form.setValue('email', 'not an email');
    f.form.setValue('maxDevices', '0');
    await f.submit();
    expect(f.form.getFieldState('email').error?.message).toBe(Msg.email);
    expect(f.form.getFieldState('maxDevices').error?.message).toBe('Too small: expected number to be >=1');
    expect(f.form.getFieldState('firstName').error).toBeUndefined();
    expect(f.mutations()).toHaveLength(0);
    expect(requests).toEqual([]);
  });

  it('closes without a request when nothing changed', async () => {
    const { requests } = network({});
    const closed: string[] = [];
    const f = mount(() => useEditUserForm(profile, () => closed.push('closed')));
    await f.submit();
    expect(closed).toEqual(['closed']);
    expect(f.mutations()).toHaveLength(0);
    expect(requests).toEqual([]);
  });

  it('sends only the changes: the new role, the device limit as a number and 2FA turned off', async () => {
    const { requests, sent } = network({ message: 'Profile updated successfully', user: profile });
    const f = mount(() => useEditUserForm(profile, () => {}));
    f.form.setValue('role', 'moderator');
    f.form.setValue('maxDevices', '5');
    f.form.setValue('turnOff2fa', true);
    await f.submit();
    await sent;
    expect(requests).toEqual([
      {
        url: '/api/users/profile/5',
        method: 'PUT',
        body: { role: 'moderator', maxDevices: 5, twoFactorEnabled: false },
      },
    ]);
  });
});
