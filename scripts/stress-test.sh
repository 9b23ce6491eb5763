#!/usr/bin/env bash
# Runs the browser tests ROUNDS times in a row (default 5) while BUSY CPU-bound loops (default 2)
# run beside them, as on a loaded laptop, then prints the failures per test. Any further
# arguments go to Playwright (a spec file, --grep ...). TEST_DATABASE_URL works as for npm test.
#   bash scripts/stress-test.sh                # 5 rounds, 2 busy loops
#   ROUNDS=3 bash scripts/stress-test.sh e2e/dashboard.spec.ts
set -uo pipefail
cd "$(dirname "$0")/.."
rounds=${ROUNDS:-5}
out=.stress-results
rm -rf "$out" && mkdir -p "$out"
source scripts/busy-loops.sh

npx tsx -e "import('./scripts/web-build.ts').then((m) => m.ensureWebBuild())"
start=$SECONDS
for i in $(seq 1 "$rounds"); do
  round_start=$SECONDS
  PLAYWRIGHT_JSON_OUTPUT_NAME="$PWD/$out/round-$i.json" npx playwright test -c e2e/playwright.config.ts --reporter=dot,json "$@" > "$out/round-$i.log" 2>&1
  echo "round $i: exit $? in $((SECONDS - round_start)) s"
done
stop_loops
echo "$rounds rounds with $busy busy loops in $((SECONDS - start)) s"
node scripts/stress-summary.mjs "$out"/round-*.json
