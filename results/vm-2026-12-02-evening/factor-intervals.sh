#!/bin/bash
# Not part of the suite. The machine factor compare gives (its 95% interval) for A/A pairs of results/, and for the same
# pairs with every run of the Swift concurrency family in the second file made 1.2 times as long (inject-family.py): how
# wide the factor's interval is when a family of 36 cells of 104, or of 12 of 24, moved. From the repository root:
#   bash results/vm-2026-12-02-evening/factor-intervals.sh BENCH
set -euo pipefail
here=results/vm-2026-12-02-evening
injected=$(mktemp --suffix=.csv)
trap 'rm -f "$injected"' EXIT
factor() { "$1" compare "$2" "$3" 2>&1 | grep -o 'Machine factor B/A: [^,]*' | head -1 | sed 's/Machine factor B\/A: //'; }
echo "pair | cells | A/A factor | family × 1.2 factor"
for pair in vm-2026-12-02-morning/aa vm-2026-11-27-night/aa vm-2026-11-28-late/aa vm-2026-11-26-process-unit/aa \
    vm-2026-12-02-morning/reps60 vm-2026-11-28-late/reps60 vm-2026-11-27-aa/reps60 vm-2026-11-28-night/reps60 \
    xeon-16-core-2026-11-29/h16-reps60; do
    a=results/${pair}-1.csv; b=results/${pair}-2.csv
    python3 "$here/inject-family.py" "$b" "$injected"
    cells=$(case "$pair" in *reps60) echo 24 ;; *) echo 104 ;; esac)
    echo "$pair | $cells | $(factor "$1" "$a" "$b") | $(factor "$1" "$a" "$injected")"
done
