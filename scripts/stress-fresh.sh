#!/usr/bin/env bash
# The whole suite as a newcomer meets it, under load: ROUNDS times (default 3), a fresh clone of
# this repository's HEAD, then `npm install && npm test`, beside BUSY CPU-bound loops (default 2).
# Prints each round's exit code, time and closing line. TEST_DATABASE_URL (and TEST_REDIS_URL)
# pass through to npm test as usual; each round's log is under .stress-fresh/<driver>/.
#   bash scripts/stress-fresh.sh
#   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test bash scripts/stress-fresh.sh
set -uo pipefail
cd "$(dirname "$0")/.."
rounds=${ROUNDS:-3}
repo=$PWD
commit=$(git rev-parse --short HEAD)
out=$repo/.stress-fresh/$([ -n "${TEST_DATABASE_URL:-}" ] && echo postgres || echo pglite)
rm -rf "$out" && mkdir -p "$out"
source scripts/busy-loops.sh

failed=0
start=$SECONDS
for i in $(seq 1 "$rounds"); do
  dir=$(mktemp -d)
  round_start=$SECONDS
  (git clone -q "$repo" "$dir/minevest" && cd "$dir/minevest" && git checkout -q "$commit" \
    && npm install --no-audit --no-fund && npm test) > "$out/round-$i.log" 2>&1
  rc=$?
  [ $rc -eq 0 ] || failed=$((failed + 1))
  echo "round $i: exit $rc in $((SECONDS - round_start)) s: $(grep -E '^[0-9]+ passed, [0-9]+ failed' "$out/round-$i.log" | tail -1)"
  rm -rf "$dir"
done
stop_loops
echo "$rounds rounds of npm install && npm test on a fresh clone of $commit with $busy busy loops in $((SECONDS - start)) s; $failed failed"
[ $failed -eq 0 ]
