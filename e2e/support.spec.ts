import { expect, test } from './fixtures';
import { loginViaUi } from './accounts';
import { blockingViolations } from './axe';
import { activeInvestor, openApp } from './funds';
import { nextPoll } from './page';
import { E2E_ADMIN } from './server';

test.afterEach(async ({ page }) => {
  await page.request.post('/api/auth/logout').catch(() => undefined);
});

/** How often an open chat asks for new messages (web/src/api/support.ts). */
const CHAT_POLL_MS = 3_000;

test('a user opens a support chat, staff reply from the inbox, the user sees the reply without reloading; markup shows as text', async ({
  page,
  browser,
}) => {
  // A user and a staff member, each in their own browser, writing to each other.
  test.setTimeout(90_000);
  await loginViaUi(page, E2E_ADMIN.userName, E2E_ADMIN.password);
  await expect(page).toHaveURL(/\/app\/admin\/dashboard$/);
  const { user, investor } = await activeInvestor(page, browser, 'sp');

  // The chat polls on a timer: on a clock the test moves, its next poll comes when the test says.
  await investor.clock.install();
  await openApp(investor, `/app/${user.userName}/support`);
  await expect(investor.getByRole('heading', { name: 'Support', exact: true })).toBeVisible();
  // FAQ: one question open at a time; clicking the open one closes it.
  const q1 = investor.getByRole('button', { name: 'How do I create an account?' });
  const q2 = investor.getByRole('button', { name: 'What cryptocurrencies are supported?' });
  await q1.click();
  await expect(q1).toHaveAttribute('aria-expanded', 'true');
  await q2.click();
  await expect(q1).toHaveAttribute('aria-expanded', 'false');
  await expect(q2).toHaveAttribute('aria-expanded', 'true');
  await q2.click();
  await expect(q2).toHaveAttribute('aria-expanded', 'false');

  await investor.getByRole('button', { name: 'Start Chat' }).click();
  const chat = investor.getByTestId('support-chat');
  await expect(chat).toBeVisible();
  expect((await chat.boundingBox())!.height).toBe(500);
  const evil = '<script>window.__pwned = 1</script><img src=x onerror="window.__pwned = 2">Hello, I need help';
  await chat.getByLabel('Message').fill(evil);
  await chat.getByTestId('chat-send').click();
  await expect(chat.getByTestId('chat-message').filter({ hasText: 'Hello, I need help' })).toHaveText(
    new RegExp(evil.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
  );
  expect(await investor.evaluate(() => (globalThis as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  expect(await blockingViolations(investor)).toEqual([]);

  // Staff: the inbox lists the chat with its unread count; open it and reply.
  await page.clock.install();
  await page.goto('/app/admin/support');
  await expect(page.getByRole('heading', { name: 'Support Inbox' })).toBeVisible();
  const conv = page.getByTestId('conversation-item').filter({ hasText: user.userName });
  await expect(conv.getByTestId('conversation-unread')).toContainText('1');
  await conv.click();
  const staffChat = page.getByTestId('staff-chat');
  await expect(staffChat.getByTestId('chat-message').filter({ hasText: 'Hello, I need help' })).toContainText(
    '<script>',
  );
  expect(await page.evaluate(() => (globalThis as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  // Opened, so read: the inbox says so at its next poll.
  await nextPoll(page, CHAT_POLL_MS, '/api/support/conversations');
  await expect(conv.getByTestId('conversation-unread')).toHaveCount(0);
  await staffChat.getByLabel('Message').fill('Hi! We are looking at it now.');
  await staffChat.getByTestId('chat-send').click();
  await expect(
    staffChat.getByTestId('chat-message').filter({ hasText: 'Hi! We are looking at it now.' }),
  ).toBeVisible();
  expect(await blockingViolations(page)).toEqual([]);

  // The user sees the reply at the chat's next poll, without reloading.
  await nextPoll(investor, CHAT_POLL_MS, '/api/support/conversation');
  await expect(chat.getByTestId('chat-message').filter({ hasText: 'Hi! We are looking at it now.' })).toBeVisible();
  await expect(chat.getByTestId('chat-message').filter({ hasText: 'Hi! We are looking at it now.' })).toHaveAttribute(
    'data-author',
    'staff',
  );

  // History persists across a reload.
  await investor.reload();
  await investor.getByRole('button', { name: 'Start Chat' }).click();
  await expect(investor.getByTestId('chat-message')).toHaveCount(2);
  const notices = await investor.request.get(`/api/support/conversation`);
  expect(((await notices.json()) as { messages: unknown[] }).messages).toHaveLength(2);

  // Staff close the chat: the user can no longer write in it.
  await page.getByTestId('conversation-status').click();
  await expect(page.getByText('Chat closed')).toBeVisible();
  await nextPoll(investor, CHAT_POLL_MS, '/api/support/conversation');
  await expect(investor.getByText('This chat is closed.')).toBeVisible();
});
