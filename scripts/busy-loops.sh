# Sourced by the stress scripts: starts BUSY (default 2) CPU-bound loops, as on a loaded laptop,
# and stops them when the sourcing script exits. Each loop also ends by itself after two hours
# even if that script is killed hard.
busy=${BUSY:-2}
loops=()
stop_loops() { [ ${#loops[@]} -gt 0 ] && kill "${loops[@]}" 2>/dev/null; loops=(); }
trap stop_loops EXIT
for _ in $(seq 1 "$busy"); do timeout 7200 sh -c 'while :; do :; done' & loops+=($!); done
