import { expect, type APIResponse, type Browser, type Page } from '@playwright/test';
import { newUser, registerViaApi, type TestUser } from './accounts';
import { activeInvestor } from './funds';
import { adminApi } from './staff';

/** Helpers of the layout browser tests: screens with something in every list, and what does not fit. */

/** The widths every investor and admin screen must fit: a phone, a laptop, a desktop. */
export const WIDTHS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
  { width: 1440, height: 900 },
] as const;

export interface FilledAccount {
  user: TestUser;
  userId: number;
  /** The investor's API session (its own browser context). */
  investor: Page;
  /** An admin API session (its own browser context). */
  admin: Page;
  depositReference: string;
}

/**
 * An investor with something on every screen: a credited and a pending deposit, an investment, a pending
 * withdrawal, a referral, a support chat and a notification; and a second user whose identity check waits.
 */
export async function filledAccount(browser: Browser, prefix: string): Promise<FilledAccount> {
  const admin = await adminApi(browser);
  const { user, userId, investor } = await activeInvestor(
    admin,
    browser,
    prefix,
    'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
  );
  const ok = async (res: Promise<APIResponse>, status = 201): Promise<APIResponse> => {
    const r = await res;
    expect(r.status(), await r.text()).toBe(status);
    return r;
  };
  await ok(admin.request.post('/api/deposits/manual', { data: { userId, amount: 1500, currency: 'BTC', notes: '' } }));
  const dep = await ok(investor.request.post('/api/deposits/new', { data: { amount: 250, currency: 'LTC' } }));
  const { deposit } = (await dep.json()) as { deposit: { referenceNumber: string } };
  const { data: plans } = (await (await investor.request.get('/api/plans')).json()) as {
    data: { id: number; minimumInvestment: number }[];
  };
  await ok(investor.request.post('/api/investments', { data: { planId: plans[0]!.id, amount: 500 } }));
  await ok(investor.request.post('/api/investments/withdraw', { data: { userId, amount: 40, currency: 'BTC' } }));
  expect((await investor.request.post('/api/support/conversation')).ok()).toBe(true);
  await ok(investor.request.post('/api/support/conversation/messages', { data: { body: 'Where is my payout?' } }));
  await ok(admin.request.post('/api/notifications/send-user', { data: { userId, message: 'Welcome aboard.' } }));
  await ok(investor.request.put(`/api/users/profile/${userId}`, { data: { hasCompletedOnboarding: true } }), 200);
  // A downline, so the referral screen has a row.
  const referred = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  await registerViaApi(referred.request, newUser(`${prefix}r`), user.userName);
  await referred.close();
  return { user, userId, investor, admin, depositReference: deposit.referenceNumber };
}

/** Waits until the screen's heading shows and nothing on it is still loading. */
export async function settled(page: Page): Promise<void> {
  await expect(page.locator('main h1').first()).toBeVisible();
  await expect(
    page
      .locator('main')
      .getByRole('status')
      .filter({ hasText: /loading/i }),
  ).toHaveCount(0);
  await expect(page.locator('main .animate-pulse')).toHaveCount(0);
  await expect(page.getByTestId('page-loader')).toHaveCount(0);
}

/** The e2e tsconfig has no DOM lib: the little of the browser the layout checks read. */
export interface Box {
  top: number;
  bottom: number;
  left: number;
  right: number;
  width: number;
  height: number;
}
export interface DomElement {
  tagName: string;
  textContent: string | null;
  clientWidth: number;
  scrollWidth: number;
  scrollHeight: number;
  getAttribute(name: string): string | null;
  querySelector(selector: string): DomElement | null;
  querySelectorAll(selector: string): ArrayLike<DomElement>;
  closest(selector: string): DomElement | null;
  contains(other: DomElement | null): boolean;
  getBoundingClientRect(): Box;
  getClientRects(): ArrayLike<Box>;
}
export interface BrowserGlobals {
  document: {
    documentElement: DomElement;
    body: DomElement;
    elementFromPoint(x: number, y: number): DomElement | null;
  };
  getComputedStyle(el: DomElement): {
    overflowX: string;
    textOverflow: string;
    borderRightWidth: string;
    backgroundColor: string;
  };
  innerHeight: number;
  scrollY: number;
  scrollTo(x: number, y: number): void;
}

/**
 * What does not fit at the page's width: the page scrolling sideways, or a box that hides part of what is
 * in it (a table scrolling sideways, a cut-off column). Ellipsis-truncated text and screen-reader-only text
 * are meant to be cut.
 */
export async function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const { document, getComputedStyle } = globalThis as unknown as BrowserGlobals;
    const problems: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth) {
      problems.push(`the page scrolls sideways by ${root.scrollWidth - root.clientWidth}px`);
    }
    const describe = (el: DomElement) => {
      const id =
        el.getAttribute('data-testid') ?? el.getAttribute('aria-label') ?? el.querySelector('caption')?.textContent;
      const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 60);
      return `${el.tagName.toLowerCase()}${id ? `[${id}]` : ''} "${text}"`;
    };
    for (const el of Array.from(document.body.querySelectorAll('*'))) {
      if (el.closest('[data-sonner-toaster]')) continue;
      const style = getComputedStyle(el);
      if (style.overflowX === 'visible' || style.textOverflow === 'ellipsis') continue;
      // Screen-reader-only text, a hidden element or one not drawn at this width.
      if (el.clientWidth <= 1 || el.getClientRects().length === 0) continue;
      if (el.scrollWidth > el.clientWidth + 1) {
        problems.push(`${describe(el)} hides ${el.scrollWidth - el.clientWidth}px of its content sideways`);
      }
    }
    return problems;
  });
}
