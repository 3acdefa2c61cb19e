# How often a cell's Student's t interval holds its median when the cell has 2 to 5 runs, with its own spread and
# with the spread pooled over its runner's cells of the same plan (what bench does since 2026-12-01: PooledSpread).
# bench pools for a cell of 2 runs alone (over its runner's cells of 2 to 5): at 3 to 5 the pooled interval, with
# the median's factor, holds as well as the cell's own but comes out wider at the median cell on the quiet night, as
# the group's most unsteady cell sets it, so a cell of 3 to 5 keeps its own. "bench" below is that rule.
# Each cell's runs from many default sweeps of one machine and evening are its population, one run a unit (nearly
# every run of these cells is the only one its process made of them); draws of m runs from each of a runner's 3 or 4
# chain cells make one "sweep"; an interval holds if it contains the population's median. Not part of the suite:
# python3 with scipy, run from the package's root: python3 results/vm-2026-12-01-pooled/coverage.py
import csv, glob, math, random, statistics as st, collections, itertools
from scipy.stats import t as tdist

POOLS = {
    'vm-amd-quiet-night (13 sweeps)': glob.glob('results/vm-2026-11-27-night/aa-*.csv')
    + glob.glob('results/vm-2026-11-28-night/before-*.csv') + glob.glob('results/vm-2026-11-28-night/after-*.csv'),
    'vm-intel-slower-host (6 sweeps)': ['results/vm-2026-11-28-late/aa-1.csv', 'results/vm-2026-11-28-late/aa-2.csv',
        'results/vm-2026-11-28-late/budget300-1.csv', 'results/vm-2026-11-28-late/budget300-2.csv',
        'results/vm-2026-11-29-evening/aa-1.csv', 'results/vm-2026-11-29-evening/aa-2.csv'],
    '16-core (8 sweeps)': glob.glob('results/xeon-16-core-2026-11-27/h16-aa-*.csv')
    + glob.glob('results/xeon-16-core-2026-11-27-evening/h16-aa-*.csv')
    + glob.glob('results/xeon-16-core-2026-11-29/h16-aa-*.csv'),
}
# sd(median of m normal values) / (sigma / sqrt(m)), exact: PooledSpread.medianFactor.
FACTOR = {2: 1.0, 3: 1.1602, 4: 1.0922, 5: 1.1976}
DRAWS = 150
random.seed(20261201)

def load(files):
    cells, seconds = collections.defaultdict(list), collections.defaultdict(list)
    for path in files:
        for row in csv.DictReader(open(path)):
            if row['status'] != 'ok' or row['shape'] != 'chain' or row.get('work_ns', '0') not in ('0', ''):
                continue
            key = (row['runner'], int(row['queues']), int(row['iterations']))
            cells[key].append(float(row['ns_per_job']))
            seconds[key].append(float(row['seconds']))
    return cells, seconds

def t975(degrees):
    return tdist.ppf(0.975, degrees)

for name, files in POOLS.items():
    cells, seconds = load(sorted(files))
    runners = collections.defaultdict(list)
    for key in cells:
        runners[key[0]].append(key)
    tally = collections.defaultdict(lambda: [0, 0, []])
    for runner, keys in sorted(runners.items()):
        if len(keys) < 4:
            continue
        for size in (4, 3):
            for group in itertools.combinations(sorted(keys), size):
                population = {key: cells[key] for key in group}
                median = {key: st.median(values) for key, values in population.items()}
                dear = st.median([st.median(seconds[key]) for key in group]) > 0.25
                for scenario, counts in (('2 runs each', [2] * size), ('3 runs each', [3] * size),
                                         ('2 and 3', [2, 3] * (size // 2) + [2] * (size % 2)),
                                         ('4 runs each', [4] * size), ('5 runs each', [5] * size)):
                    m_of = dict(zip(group, counts))
                    if any(len(population[key]) < m_of[key] for key in group):
                        continue
                    for _ in range(DRAWS):
                        draws = {key: random.sample(population[key], m_of[key]) for key in group}
                        logs = {key: [math.log(x) for x in d] for key, d in draws.items()}
                        squares = sum(sum((x - sum(l) / len(l)) ** 2 for x in l) for l in logs.values())
                        degrees = sum(len(l) - 1 for l in logs.values())
                        pooled = math.sqrt(squares / degrees)
                        for key, d in draws.items():
                            m, headline = len(d), st.median(d)
                            own = ('own', st.stdev(logs[key]), m - 1, 1.0)
                            shared = ('pooled', pooled, degrees, FACTOR[m])
                            for rule, s, dof, k in (own, shared, ('bench',) + (shared if m == 2 else own)[1:]):
                                half = t975(dof) * k * s / math.sqrt(m)
                                held = headline * math.exp(-half) <= median[key] <= headline * math.exp(half)
                                entry = tally[(scenario, size, 'dear' if dear else 'cheap', rule, m)]
                                entry[0] += held
                                entry[1] += 1
                                entry[2].append(half)
    print(name)
    for key in sorted(tally):
        held, total, halves = tally[key]
        print('  %-12s %d cells  %-5s %-6s a cell of %d: held %5.1f%%  median half-width %5.1f%%  (%d intervals)'
              % (key[0], key[1], key[2], key[3], key[4], 100 * held / total, 100 * st.median(halves), total))
