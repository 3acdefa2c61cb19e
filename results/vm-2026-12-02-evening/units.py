#!/usr/bin/env python3
# Not part of the suite. For the cells of a result file whose median run is under 50 ms: the median over them of the
# 95% interval's half-width of the median, over the median (exact ranks, as bench makes it), with the process as the
# unit (each process's median of its runs, as bench does) and with every run as a unit of its own, as if each run had
# had a fresh process: the most that shorter worker lives could narrow the cheap cells' ± at the same runs.
#   python3 units.py FILE.csv...
import collections, csv, statistics, sys
from math import exp, lgamma, log


def rank(n):
    """The largest c whose c-th smallest and largest of n values hold the median with 95% (bench's medianRank)."""
    whole, below, c = lgamma(n + 1) - n * log(2), 0.0, None
    for j in range(n):
        below += exp(whole - lgamma(j + 1) - lgamma(n - j + 1))
        if 2 * below > 0.05:
            break
        c = j + 1
    return c


def half_width(values):
    s, m = sorted(values), statistics.median(values)
    c = rank(len(s)) if len(s) >= 6 else None
    low, high = (s[c - 1], s[len(s) - c]) if c else (s[0], s[-1])
    return (high - low) / 2 / m


for path in sys.argv[1:]:
    cells = collections.defaultdict(list)
    for row in csv.DictReader(open(path)):
        if row['status'] == 'ok' and row['repetition'] != '':
            cells[(row['runner'], row['queues'], row['iterations'])].append(row)
    processes, runs = [], []
    for rows in cells.values():
        if statistics.median(float(r['seconds']) for r in rows) >= 0.05:
            continue
        by_process = collections.defaultdict(list)
        for r in rows:
            by_process[r['process']].append(float(r['ns_per_job']))
        processes.append(half_width([statistics.median(v) for v in by_process.values()]))
        runs.append(half_width([float(r['ns_per_job']) for r in rows]))
    print(f"{path}: {len(runs)} cells under 50 ms; median ± over processes {100 * statistics.median(processes):.1f}%, "
          f"over runs {100 * statistics.median(runs):.1f}%")
