#!/usr/bin/env bash
# `npm test`: unit and API tests, then the browser tests when Chromium is here.
# Ends with one line 'N passed, N failed' over everything that ran.
set -uo pipefail
cd "$(dirname "$0")/.."
mkdir -p .test-results
rm -f .test-results/*.json

npx vitest run --reporter=default --reporter=json --outputFile.json=.test-results/vitest.json
unit=$?

e2e=0
if [ -x /usr/bin/chromium ]; then
  PLAYWRIGHT_JSON_OUTPUT_NAME="$PWD/.test-results/e2e.json" npx playwright test -c e2e/playwright.config.ts --reporter=list,json
  e2e=$?
else
  echo "SKIPPED: browser tests (no /usr/bin/chromium; install the Debian package 'chromium' to run them)"
fi

node scripts/test-summary.mjs .test-results
if [ $unit -ne 0 ] || [ $e2e -ne 0 ]; then exit 1; fi
