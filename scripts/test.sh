#!/usr/bin/env bash
# `npm test`: unit and API tests, then the browser tests when Chromium is here.
# Ends with one line 'N passed, N failed, N skipped' over everything that ran (see
# scripts/test-summary.mjs for what counts as what). TEST_BROWSER=off leaves the browser tests
# out of this run on purpose (CI runs them once, in its PostgreSQL pass).
set -uo pipefail
cd "$(dirname "$0")/.."
mkdir -p .test-results
rm -f .test-results/*.json

npx vitest run --reporter=default --reporter=json --outputFile.json=.test-results/vitest.json
unit=$?

e2e=0
if [ "${TEST_BROWSER:-on}" = off ]; then
  echo "Browser tests: left out of this run (TEST_BROWSER=off)"
elif [ -x /usr/bin/chromium-headless-shell ] || [ -x /usr/bin/chromium ]; then
  PLAYWRIGHT_JSON_OUTPUT_NAME="$PWD/.test-results/e2e.json" npx playwright test -c e2e/playwright.config.ts --reporter=list,json
  e2e=$?
else
  # Counted as skipped, with the reason, so the closing line shows what did not run.
  count=$(npx playwright test -c e2e/playwright.config.ts --list --reporter=json 2>/dev/null | node --input-type=module -e '
    import fs from "node:fs";
    import { playwrightTests } from "./scripts/playwright-report.mjs";
    console.log([...playwrightTests(JSON.parse(fs.readFileSync(0, "utf8")))].length);')
  echo "{\"reason\": \"browser tests: no /usr/bin/chromium-headless-shell or /usr/bin/chromium (install the Debian package chromium-headless-shell)\", \"count\": ${count:-0}}" > .test-results/e2e-not-run.json
fi

node scripts/test-summary.mjs .test-results
if [ $unit -ne 0 ] || [ $e2e -ne 0 ]; then exit 1; fi
