import { type Browser, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { blockingViolations } from './axe';
import { activeInvestor, openApp } from './funds';
import { adminApi } from './staff';

/**
 * Proof of liabilities in the browser: the investor's My proof verifies their own balance with the
 * browser's Web Crypto, and the public Verify page checks a pasted proof and refuses a tampered one.
 * Each test makes its own investor and publishes a snapshot after it, so that investor is in it
 * whatever other specs do meanwhile.
 */
async function investorInSnapshot(browser: Browser, prefix: string, amount: number) {
  const admin = await adminApi(browser);
  const { user, userId, investor } = await activeInvestor(admin, browser, prefix, '', false);
  const credit = await admin.request.post('/api/deposits/manual', {
    data: { userId, amount, currency: 'BTC', notes: 'Proof of liabilities e2e' },
  });
  expect(credit.ok(), await credit.text()).toBe(true);
  const published = await admin.request.post('/api/proof-of-liabilities/snapshots');
  expect(published.status(), await published.text()).toBe(201);
  await admin.context().close();
  return { user, investor };
}

let investorPage: Page | undefined;
test.afterEach(async () => {
  await investorPage?.context().close();
  investorPage = undefined;
});

test('an investor opens My proof and sees their balance verified against the published root', async ({ browser }) => {
  const { user, investor } = await investorInSnapshot(browser, 'polme', 25.5);
  investorPage = investor;
  await openApp(investor, `/app/${user.userName}/proof-of-liabilities`);
  await expect(investor.getByRole('heading', { name: 'My proof of liabilities' })).toBeVisible();
  // The investor area's menu leads here.
  await expect(investor.getByRole('link', { name: 'My proof' }).first()).toHaveAttribute(
    'href',
    `/app/${user.userName}/proof-of-liabilities`,
  );

  const report = investor.getByTestId('proof-report');
  await expect(report).toHaveAttribute('data-ok', 'true');
  await expect(investor.getByTestId('proof-verdict')).toContainText('Verified');
  await expect(investor.getByTestId('proof-verdict')).toContainText('$25.50');
  await expect(investor.getByTestId('my-proof-balance')).toHaveText('$25.50');
  await expect(report.locator('[data-testid="proof-check"][data-ok="false"]')).toHaveCount(0);
  // It says what this does not prove, too.
  await expect(investor.getByTestId('proof-honesty')).toContainText('reserves');
  expect(await blockingViolations(investor), 'My proof').toEqual([]);
});

test('the public Verify page verifies a pasted proof and reports a tampered one as failing', async ({
  browser,
  page,
}) => {
  const { investor } = await investorInSnapshot(browser, 'polpub', 12);
  investorPage = investor;
  const res = await investor.request.get('/api/proof-of-liabilities/me');
  expect(res.status(), await res.text()).toBe(200);
  const proof = (await res.json()) as { balanceCents: number; snapshot: { rootHash: string } };
  expect(proof.balanceCents).toBe(1200);

  await page.goto('/proof-of-liabilities');
  await expect(page.getByRole('heading', { name: 'Proof of liabilities', level: 1 })).toBeVisible();
  await expect(page.getByTestId('proof-latest-root')).toHaveText(/^[0-9a-f]{64}$/);
  const field = page.getByLabel('Proof (JSON)');
  const report = page.getByTestId('proof-report');

  await field.fill(JSON.stringify(proof, null, 2));
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(report).toHaveAttribute('data-ok', 'true');
  await expect(page.getByTestId('proof-verdict')).toContainText('Verified');
  expect(await blockingViolations(page), 'Verify page, verified').toEqual([]);

  // One cent more than the ledger held: the path no longer leads to the published root.
  await field.fill(JSON.stringify({ ...proof, balanceCents: proof.balanceCents + 1 }));
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(report).toHaveAttribute('data-ok', 'false');
  await expect(page.getByTestId('proof-verdict')).toContainText('Not verified');
  await expect(
    report.locator('[data-testid="proof-check"][data-ok="false"]', { hasText: 'published root hash' }),
  ).toBeVisible();

  // Not a proof at all: said so, not reported as a failed check.
  await field.fill('{"hello": "world"}');
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(page.getByTestId('proof-unreadable')).toContainText('This JSON is not a proof');
});

test('the latest snapshot lands in the space the page keeps for it while it loads, so nothing below it moves', async ({
  browser,
  page,
}) => {
  const admin = await adminApi(browser);
  const published = await admin.request.post('/api/proof-of-liabilities/snapshots');
  expect(published.status(), await published.text()).toBe(201);
  await admin.context().close();

  // Each load's snapshot answer is held until the hydrated page has drawn its loading state.
  let release = () => {};
  let asked = () => {};
  await page.route('**/api/proof-of-liabilities', async (route) => {
    const held = new Promise<void>((resolve) => (release = resolve));
    asked();
    await held;
    await route.continue();
  });
  const latest = page.getByTestId('proof-latest');
  const verify = page.getByRole('heading', { name: 'Verify a proof' });
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    const requested = new Promise<void>((resolve) => (asked = resolve));
    await page.goto('/proof-of-liabilities');
    await requested;
    await expect(latest.getByRole('status')).toHaveText('Loading…');
    const before = { latest: await latest.boundingBox(), verify: await verify.boundingBox() };
    release();
    await expect(page.getByTestId('proof-latest-root')).toHaveText(/^[0-9a-f]{64}$/);
    await expect(latest.getByRole('link', { name: 'Download this snapshot (JSON)' })).toBeVisible();
    expect({ latest: await latest.boundingBox(), verify: await verify.boundingBox() }, `at ${width} px`).toEqual(
      before,
    );
  }
});
