# How often a 95% interval of a 20% trimmed mean holds it, for a percentile bootstrap (what bench interleave used
# until 2026-11-30) and for Yuen's interval (what it uses since), at 6 to 30 units. Not part of the suite (it needs
# python3 with numpy and scipy): the record of how docs/validation.md's figures were made. Run from the repository
# root: python3 results/vm-2026-11-30-interleave-interval/coverage.py
# "empirical": units drawn from the pairs of an A/A interleave of the default plan on the 2-core VM, each cell's
# ln(B/A) centred on its median and scaled by its median absolute deviation, all cells pooled; t3 and normal for
# comparison. 1,500 trials each, 1,000 resamples a bootstrap, seeded.
import csv,math,random,statistics as st,collections
import numpy as np
from scipy import stats
rng=np.random.default_rng(1)
def tmean(x,g=0.2):
    x=np.sort(x); n=len(x); k=int(g*n); return x[k:n-k].mean()
def yuen(x,g=0.2):
    x=np.sort(x); n=len(x); k=int(g*n)
    w=np.clip(x,x[k],x[n-1-k]); h=n-2*k
    sw=w.std(ddof=1); se=math.sqrt((n-1)*sw*sw/(h*(h-1)))
    t=stats.t.ppf(.975,h-1); c=tmean(x,g); return c-t*se, c+t*se
def boot(x,B=1000):
    n=len(x); idx=rng.integers(0,n,(B,n)); xs=np.sort(x[idx],axis=1); k=int(0.2*n)
    m=xs[:,k:n-k].mean(axis=1); return np.quantile(m,.025),np.quantile(m,.975)
# empirical pooled: A/A log ratios from new-design interleave, centred per cell and scaled by cell MAD
rows=[r for r in csv.DictReader(open('results/vm-2026-11-29-night/interleave-aa.csv')) if r['status']=='ok']
cells=collections.defaultdict(dict)
for r in rows: cells[(r['runner'],r['queues'])].setdefault(r['repetition'],{})[r['variant']]=float(r['seconds'])
pool=[]
for k,reps in cells.items():
    lr=[math.log(d['B']/d['A']) for d in reps.values() if len(d)==2]
    if len(lr)<6: continue
    med=st.median(lr); mad=st.median([abs(v-med) for v in lr]) or 1e-9
    pool+= [(v-med)/mad for v in lr]
pool=np.array(pool); print("pool",len(pool), "kurt", stats.kurtosis(pool))
for name,draw in [("empirical",lambda n: rng.choice(pool,n)-0), ("t3",lambda n: rng.standard_t(3,n)), ("normal",lambda n: rng.standard_normal(n))]:
    # centre: for empirical, the true trimmed mean of the pool
    truth = tmean(pool) if name=="empirical" else 0
    for n in [6,9,12,15,20,30]:
        cb=cy=0; wb=wy=0; T=1500
        for _ in range(T):
            x=draw(n); lo,hi=boot(x); cb+= lo<=truth<=hi; wb+=hi-lo
            lo,hi=yuen(x); cy+= lo<=truth<=hi; wy+=hi-lo
        print(f"{name:9s} n={n:2d} bootstrap cover {cb/T:.3f} width {wb/T:.2f}   yuen cover {cy/T:.3f} width {wy/T:.2f}")
