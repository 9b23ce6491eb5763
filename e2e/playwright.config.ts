import fs from 'node:fs';
import { defineConfig } from '@playwright/test';

/**
 * Debian's headless shell when it is installed (the build Playwright itself runs headless: no
 * browser UI process, pages load in about two thirds of the time), else Debian's Chromium.
 */
export const CHROMIUM = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((p) => fs.existsSync(p));

/**
 * Spec files that move the test server's clock (see e2e/clock.ts), or change a site setting
 * every page reads (the live-chat widget, social sign-in buttons), or add public plans that other
 * specs count: they run after the others, one at a time.
 */
const CLOCK_SPECS = [
  '**/investments.spec.ts',
  '**/funds-user.spec.ts',
  '**/jobs.spec.ts',
  '**/live-chat.spec.ts',
  '**/social-login.spec.ts',
  '**/truth-money-settings.spec.ts',
  '**/plan-estimates.spec.ts',
  '**/plan-options.spec.ts',
  '**/investment-controls.spec.ts',
  '**/admin-payouts.spec.ts',
];

/** Browser tests against the built server, started by global-setup on a free port and a fresh database. */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  globalSetup: './global-setup.ts',
  fullyParallel: true,
  workers: 2,
  // A test that passes only on a second try is a failing test.
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  outputDir: '../test-results',
  use: {
    baseURL: process.env.E2E_BASE_URL,
    // No transitions: a toast or dialog is checked (and scanned by axe) as it finally looks, not
    // half faded in. Tests of motion opt out with test.use({ reducedMotion: 'no-preference' }).
    reducedMotion: 'reduce',
    screenshot: 'only-on-failure',
    // A trace records every test's DOM as it goes, about an eighth of the suite's time:
    // PW_TRACE=1 turns it on (kept for the failures) when a failure needs more than its screenshot.
    trace: process.env.PW_TRACE ? 'retain-on-failure' : 'off',
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-gpu',
      ],
    },
  },
  // Specs that move the server's shared clock run after the others, one file at a time, so
  // no other test is mid-session while time jumps (sessions, TOTP codes and payouts follow it).
  projects: [
    { name: 'chromium', use: { browserName: 'chromium' }, testIgnore: CLOCK_SPECS },
    ...CLOCK_SPECS.map((spec, i) => ({
      name: `clock-${i}`,
      use: { browserName: 'chromium' as const },
      testMatch: spec,
      dependencies: [i === 0 ? 'chromium' : `clock-${i - 1}`],
    })),
  ],
});
