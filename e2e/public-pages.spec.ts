import { expect, test } from './fixtures';
import { watchErrors } from './page';
import { ContactMsg } from '../contract/contact';
import { expectAccessible, prepareScan, THEMES } from './axe';

const SEEDED_PLANS = ['Starter', 'Growth', 'Premium'];

/** Each marketing page of this suite: its title and text that proves its key content rendered. */
const PAGES = [
  {
    path: '/plans',
    title: 'Investment Plans',
    content: ['Choose your plan', ...SEEDED_PLANS, 'Questions about plans', 'What investors say'],
  },
  {
    path: '/faq',
    title: 'Frequently Asked Questions',
    content: ['Frequently asked questions', 'General', 'Account', 'Deposits', 'Are returns guaranteed?'],
  },
  {
    path: '/contact-us',
    title: 'Contact Us',
    content: ['Send us a message', 'Office hours', 'Mon', '9:00 - 17:00', '10:00 - 14:00', 'Closed'],
  },
  { path: '/about-us', title: 'About Us', content: ['Our mission', 'Our approach', 'Our team'] },
  { path: '/purpose-values', title: 'Purpose & Values', content: ['Our purpose', 'Our values', 'Transparency'] },
  {
    path: '/investment-banking',
    title: 'Investment Banking',
    content: [
      'Token offerings (ICO / STO / IEO)',
      'Crypto M&A advisory',
      'DeFi liquidity solutions',
      'Blockchain strategic advisory',
    ],
  },
  {
    path: '/terms',
    title: 'Terms & Conditions',
    content: ['Last updated: April 2024', '3. Risk disclosure', '9. Governing law'],
  },
  {
    path: '/trade',
    title: 'Trade',
    content: [
      'What it is',
      'How it works',
      'Current plans',
      ...SEEDED_PLANS,
      'Returns you can verify',
      'Know the risk',
    ],
  },
  {
    path: '/invest',
    title: 'Invest',
    content: [
      'What it is',
      'How it works',
      'Current plans',
      ...SEEDED_PLANS,
      'Returns you can verify',
      'Know the risk',
    ],
  },
];

for (const { path, title, content } of PAGES) {
  test(`${path} renders its content with a title, a description and no console errors`, async ({ page }) => {
    const errors = watchErrors(page);
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    for (const text of content) await expect(page.getByText(text, { exact: false }).first()).toBeVisible();
    await expect(page).toHaveTitle(`${title} · MineVest`);
    const description = await page.locator('meta[name="description"]').getAttribute('content');
    expect(description?.length ?? 0).toBeGreaterThan(40);
    await expect(page.getByTestId('public-404')).toHaveCount(0);
    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]);
  });
}

for (const { path } of PAGES) {
  for (const theme of THEMES) {
    test(`${path} has no serious or critical axe violations (${theme})`, async ({ page }) => {
      await prepareScan(page, theme);
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      if (path === '/plans' || path === '/trade' || path === '/invest')
        await expect(page.getByTestId('public-plan-card')).toHaveCount(3);
      if (path === '/faq') await page.getByRole('button', { name: 'Are returns guaranteed?' }).click();
      await expectAccessible(page, theme);
    });
  }
}

test('FAQ: one question open at a time, a second click closes it, and a new category keeps the open index', async ({
  page,
}) => {
  await page.goto('/faq');
  const questions = page.getByTestId('faq-list').getByRole('button');
  const answers = page.getByTestId('faq-answer');
  await expect(questions).toHaveCount(5);
  await expect(page.getByRole('button', { name: 'General' })).toHaveAttribute('aria-pressed', 'true');
  await expect(answers.filter({ visible: true })).toHaveCount(0);

  await questions.nth(1).click();
  await expect(questions.nth(1)).toHaveAttribute('aria-expanded', 'true');
  await expect(answers.nth(1)).toBeVisible();
  await expect(answers.nth(1)).toContainText('returns are not guaranteed');

  // Opening another closes the first.
  await questions.nth(2).click();
  await expect(questions.nth(2)).toHaveAttribute('aria-expanded', 'true');
  await expect(questions.nth(1)).toHaveAttribute('aria-expanded', 'false');
  await expect(answers.filter({ visible: true })).toHaveCount(1);

  // Clicking the open one closes it.
  await questions.nth(2).click();
  await expect(questions.nth(2)).toHaveAttribute('aria-expanded', 'false');
  await expect(answers.filter({ visible: true })).toHaveCount(0);

  // A new category keeps the open index: question 2 of Deposits is open.
  await questions.nth(1).click();
  await page.getByRole('button', { name: 'Deposits' }).click();
  await expect(page.getByRole('button', { name: 'Deposits' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('heading', { name: 'Deposits', level: 2 })).toBeVisible();
  await expect(questions.first()).toHaveText('How can I deposit?');
  await expect(questions.nth(1)).toHaveAttribute('aria-expanded', 'true');
  await expect(answers.filter({ visible: true })).toHaveCount(1);
  await expect(answers.nth(1)).toBeVisible();
});

test('the plans page shows the seeded plans from the API with the second badged Most Popular and the risk notice', async ({
  page,
}) => {
  await page.goto('/plans#plans');
  await expect(page.locator('#plans')).toBeVisible();
  const cards = page.getByTestId('public-plan-card');
  await expect(cards).toHaveCount(3);
  for (const [i, name] of SEEDED_PLANS.entries())
    await expect(cards.nth(i).getByRole('heading', { level: 3 })).toHaveText(name);
  const growth = cards.nth(1);
  await expect(growth.getByText('Most Popular')).toBeVisible();
  await expect(growth).toContainText('15%');
  await expect(growth).toContainText('60 days');
  await expect(growth).toContainText('$5,000.00');
  await expect(growth).toContainText('$24,999.00');
  await expect(cards.first().getByText('Most Popular')).toHaveCount(0);
  await expect(growth.getByRole('link', { name: /Get Started/ })).toHaveAttribute('href', '/register');
  const risk = page.getByTestId('risk-notice').first();
  await expect(risk).toContainText('returns are not guaranteed');
  await expect(risk.getByRole('link')).toHaveAttribute('href', '/terms#risk-disclosure');
  await expect(page.getByRole('link', { name: 'Login' }).first()).toHaveAttribute('href', '/login');
});

test('the plans page shows "Error loading plans" with a Retry that loads them', async ({ page }) => {
  let failing = true;
  await page.route('**/api/plans', (route) =>
    failing
      ? route.fulfill({
          status: 400,
          contentType: 'application/json',
          body: JSON.stringify({ code: 'TEST', message: 'Plans are down' }),
        })
      : route.fallback(),
  );
  await page.goto('/plans');
  const error = page.getByTestId('plans-error');
  await expect(error).toContainText('Error loading plans: Plans are down');
  failing = false;
  await error.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByTestId('public-plan-card')).toHaveCount(3);
  await expect(error).toHaveCount(0);
});

test('the contact form shows field errors, then sends and shows the server message', async ({ page }) => {
  await page.goto('/contact-us');
  const form = page.getByTestId('contact-form');
  const send = form.getByRole('button', { name: 'Send Message' });

  await send.click();
  await expect(form.getByText(ContactMsg.nameRequired)).toBeVisible();
  await expect(form.getByText(ContactMsg.emailRequired)).toBeVisible();
  await expect(form.getByText(ContactMsg.messageRequired)).toBeVisible();

  await form.getByLabel('Name').fill('Ada Lovelace');
  await form.getByLabel('Email').fill('not-an-email');
  await form.getByLabel('Message').fill('How long does a bank deposit take?');
  await send.click();
  await expect(form.getByText(ContactMsg.emailInvalid)).toBeVisible();
  await expect(form.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');

  await form.getByLabel('Email').fill('ada@example.com');
  // Hold the request until the pending state has been seen.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/utils/contact', async (route) => {
    await released;
    await route.fallback();
  });
  await send.click();
  await expect(form.getByRole('button', { name: 'Sending...' })).toBeDisabled();
  release();
  await expect(page.getByText(ContactMsg.success)).toBeVisible();
  await expect(form.getByText(ContactMsg.emailInvalid)).toHaveCount(0);
  await expect(form.getByLabel('Name')).toHaveValue('');
  await expect(form.getByLabel('Message')).toHaveValue('');
  await expect(form.getByRole('button', { name: 'Send Message' })).toBeEnabled();
});

test('a field error from the server is shown under its field', async ({ page }) => {
  await page.route('**/api/utils/contact', (route) =>
    route.fulfill({
      status: 400,
      contentType: 'application/json',
      body: JSON.stringify({
        code: 'VALIDATION_FAILED',
        message: ContactMsg.emailInvalid,
        details: [{ field: 'email', message: ContactMsg.emailInvalid }],
      }),
    }),
  );
  await page.goto('/contact-us');
  const form = page.getByTestId('contact-form');
  await form.getByLabel('Name').fill('Ada');
  await form.getByLabel('Email').fill('ada@example.com');
  await form.getByLabel('Message').fill('Hello');
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(form.getByText(ContactMsg.emailInvalid)).toBeVisible();
  await expect(form.getByLabel('Name')).toHaveValue('Ada');
});

test('/trade and /invest lead into investing: plans, ledger, risk and Get Started to /register', async ({ page }) => {
  for (const path of ['/trade', '/invest']) {
    await page.goto(path);
    await expect(page.getByTestId('public-plan-card')).toHaveCount(3);
    await expect(page.getByText('double-entry ledger').first()).toBeVisible();
    await expect(page.getByTestId('risk-points')).toContainText('returns are not guaranteed');
    const getStarted = page.getByRole('link', { name: 'Get Started', exact: true });
    await expect(getStarted.first()).toHaveAttribute('href', '/register');
  }
  await page.getByRole('link', { name: 'Get Started', exact: true }).first().click();
  await expect(page).toHaveURL(/\/register$/);
});

test("a page's code loads while the pointer rests on its link or the keyboard's focus is on it, before the click", async ({
  page,
}) => {
  const errors = watchErrors(page);
  const code = (name: string) => (url: string) =>
    new RegExp(`/assets/${name}-[\\w-]+\\.js$`).test(new URL(url).pathname);
  const fetched: string[] = [];
  page.on('request', (r) => fetched.push(r.url()));
  await page.goto('/');
  const header = page.getByRole('banner');
  // Neither page's code is part of Home's, nor the other public pages' words.
  expect(fetched.filter(code('Faq'))).toEqual([]);
  expect(fetched.filter(code('Contact'))).toEqual([]);
  expect(fetched.filter(code('publicPages'))).toEqual([]);

  const faq = page.waitForRequest((r) => code('Faq')(r.url()));
  const words = page.waitForRequest((r) => code('publicPages')(r.url()));
  await header.getByRole('link', { name: 'FAQ', exact: true }).hover();
  await Promise.all([faq, words]);
  const contact = page.waitForRequest((r) => code('Contact')(r.url()));
  await header.getByRole('link', { name: 'Contact', exact: true }).focus();
  await contact;

  // A link whose address does not parse is left alone, without an error.
  await page.evaluate(() => {
    const { document: doc } = globalThis as unknown as {
      document: { body: { append(node: unknown): void }; createElement(tag: 'a'): { href: string; id: string } };
    };
    const odd = doc.createElement('a');
    odd.href = 'http://[';
    odd.id = 'unparseable-link';
    Object.assign(odd, { textContent: 'odd link' });
    doc.body.append(odd);
  });
  await page.locator('#unparseable-link').hover();

  // The click then draws the page from the code already here.
  await header.getByRole('link', { name: 'FAQ', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Frequently asked questions');
  expect(fetched.filter(code('Faq'))).toHaveLength(1);
  expect(errors).toEqual([]);
});

test('investment banking links to the contact page', async ({ page }) => {
  await page.goto('/investment-banking');
  await expect(page.getByTestId('banking-services').getByRole('listitem')).toHaveCount(4);
  await expect(page.getByRole('link', { name: /Contact us/ }).first()).toHaveAttribute('href', '/contact-us');
});

test('terms have nine sections, and the risk link of the plans page lands on the risk section', async ({ page }) => {
  // A first visit straight to the anchor (the router's scroll restoration handles the hash).
  await page.goto('/terms#risk-disclosure');
  await expect(page.getByTestId('terms-section')).toHaveCount(9);
  await expect(page.locator('#risk-disclosure')).toContainText('Returns are not guaranteed');
  await expect(page.locator('#risk-disclosure')).toBeInViewport();

  await page.goto('/plans');
  await page.getByTestId('risk-notice').first().getByRole('link', { name: 'Read the risk disclosure' }).click();
  await expect(page).toHaveURL(/\/terms#risk-disclosure$/);
  await expect(page.locator('#risk-disclosure')).toBeInViewport();
});
