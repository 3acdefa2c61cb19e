#!/bin/bash
# Not part of the suite. `bench validate` of each A/A pair of results/ by three builds: main as of 9e7bb39 (exact
# ranks, the median factor), main with interpolated.patch (Hettmansperger and Sheather's interval of the median), and
# main with iterated-factor.patch (the machine factor again over the cells not called beside it). Prints the Markdown
# table of docs/validation.md, figures in % of the cells. From the repository root:
#   bash results/vm-2026-12-02-afternoon/weighed.sh EXACT_BENCH INTERPOLATED_BENCH ITERATED_BENCH
set -euo pipefail
get() { "$1" validate "$2" "$3" 2>&1 | awk '/relative: called cheaper/{b=$NF} /each runner.s cells/{d=$NF}
    /each family.s cells/{h=$NF; getline; i=$NF} END{print b, d, h, i}'; }
echo "| pair | cells | relative A/A false: exact | interpolated | runner × 1.2 found: exact | interpolated |" \
    "family × 1.2 found: exact | interpolated | iterated factor | others flagged: exact | interpolated | iterated factor |"
echo "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
while read -r f g; do
    read -r ra da ha ia <<< "$(get "$1" "$f" "$g")"
    read -r rb db hb ib <<< "$(get "$2" "$f" "$g")"
    read -r _ _ hc ic <<< "$(get "$3" "$f" "$g")"
    n=$("$1" validate "$f" "$g" 2>&1 | awk '/^cells in both files/{print $(NF-2)}')
    name=$(echo "$f" | sed 's|results/||;s|\.csv||;s|-1$||;s|-a$||')
    echo "| $name | $n | $ra | $rb | $da | $db | $ha | $hb | $hc | $ia | $ib | $ic |" | sed 's/%//g'
done <<'PAIRS'
results/vm-2026-12-02-morning/aa-1.csv results/vm-2026-12-02-morning/aa-2.csv
results/vm-2026-12-02-morning/reps60-1.csv results/vm-2026-12-02-morning/reps60-2.csv
results/vm-2026-12-01-pooled/after-1.csv results/vm-2026-12-01-pooled/after-2.csv
results/vm-2026-12-01-pooled/after-3.csv results/vm-2026-12-01-pooled/after-4.csv
results/vm-2026-11-29-evening/aa-1.csv results/vm-2026-11-29-evening/aa-2.csv
results/vm-2026-11-28-late/aa-1.csv results/vm-2026-11-28-late/aa-2.csv
results/vm-2026-11-28-late/reps60-1.csv results/vm-2026-11-28-late/reps60-2.csv
results/vm-2026-11-28-late/budget300-1.csv results/vm-2026-11-28-late/budget300-2.csv
results/vm-2026-11-28-night/after-1.csv results/vm-2026-11-28-night/after-2.csv
results/vm-2026-11-28-night/after-3.csv results/vm-2026-11-28-night/after-4.csv
results/vm-2026-11-28-night/reps60-1.csv results/vm-2026-11-28-night/reps60-2.csv
results/vm-2026-11-27-night/aa-1.csv results/vm-2026-11-27-night/aa-2.csv
results/vm-2026-11-27-night/aa-3.csv results/vm-2026-11-27-night/aa-4.csv
results/vm-2026-11-27-aa/aa-1.csv results/vm-2026-11-27-aa/aa-2.csv
results/vm-2026-11-27-aa/reps60-1.csv results/vm-2026-11-27-aa/reps60-2.csv
results/vm-2026-11-27-noon/aa-1.csv results/vm-2026-11-27-noon/aa-2.csv
results/vm-2026-11-27-afternoon/aa-1.csv results/vm-2026-11-27-afternoon/aa-2.csv
results/vm-2026-11-26-process-unit/aa-1.csv results/vm-2026-11-26-process-unit/aa-2.csv
results/vm-2026-11-26-process-unit/aa-3.csv results/vm-2026-11-26-process-unit/aa-4.csv
results/vm-2026-11-26-process-unit/floor6-1.csv results/vm-2026-11-26-process-unit/floor6-2.csv
results/vm-2026-11-26-process-unit/final-1.csv results/vm-2026-11-26-process-unit/final-2.csv
results/xeon-16-core-2026-11-29/h16-aa-1.csv results/xeon-16-core-2026-11-29/h16-aa-2.csv
results/xeon-16-core-2026-11-29/h16-reps60-1.csv results/xeon-16-core-2026-11-29/h16-reps60-2.csv
results/xeon-16-core-2026-11-27-evening/h16-aa-1.csv results/xeon-16-core-2026-11-27-evening/h16-aa-2.csv
results/xeon-16-core-2026-11-27/h16-aa-1.csv results/xeon-16-core-2026-11-27/h16-aa-2.csv
results/xeon-16-core-2026-11-26/h16-sweep-a.csv results/xeon-16-core-2026-11-26/h16-sweep-b.csv
PAIRS
