# Not part of the suite (python3, standard library only). For each cell under 50 ms with 40 units or more in the
# files of one glob (the medians of each worker process's runs, pooled over the files), draws m units with
# replacement, 300 times for each m, and counts how often the exact-rank interval of their median (bench's) and the
# one interpolated between neighbouring ranks (Hettmansperger and Sheather 1986) hold the pool's median, and how
# wide the second is against the first. Seeded: python3 interpolated-coverage.py 'GLOB' ... from the repository root.
import csv,glob,random,statistics,sys
from collections import defaultdict
from math import comb
def gamma(n,c): return 1-2*sum(comb(n,i) for i in range(c))/2**n
R={}
def rank(n):
    if n in R: return R[n]
    c=1
    while c+1<=n//2 and gamma(n,c+1)>=0.95: c+=1
    R[n]=c; return c
def exact(x):
    n=len(x); c=rank(n); return x[c-1],x[n-c]
def hs(x):
    n=len(x); c=rank(n)
    if c + 1 > n - c - 1: return exact(x)  # no pair one rank in
    g1=gamma(n,c); g2=gamma(n,c+1)
    I=(g1-0.95)/(g1-g2); lam=(n-c)*I/(c+(n-2*c)*I)
    return lam*x[c]+(1-lam)*x[c-1], lam*x[n-c-1]+(1-lam)*x[n-c]
random.seed(1)
for group in sys.argv[1:]:
    files=sorted(glob.glob(group))
    units=defaultdict(list)
    for f in files:
        per=defaultdict(list)
        for r in csv.DictReader(open(f)):
            if r['status']=='ok' and r.get('process'): per[(r['runner'],r['queues'],r['iterations'],f,r['process'])].append(float(r['seconds']))
        for k,v in per.items(): units[k[:3]].append(statistics.median(v))
    res=defaultdict(lambda:[0,0,0,0,0])
    for k,u in units.items():
        if statistics.median(u)>=0.05 or len(u)<40: continue
        truth=statistics.median(u)
        for m in (8,12,16,20,24,30):
            for _ in range(300):
                s=sorted(random.choices(u,k=m))
                a=exact(s); b=hs(s)
                t=res[m]; t[0]+=1; t[1]+=a[0]<=truth<=a[1]; t[2]+=b[0]<=truth<=b[1]
                t[3]+=(a[1]-a[0])/truth; t[4]+=(b[1]-b[0])/truth
    print(group, len([k for k,u in units.items() if statistics.median(u)<0.05 and len(u)>=40]),'cells')
    for m,t in sorted(res.items()):
        print('  m=%2d exact %.1f%%  HS %.1f%%  width ratio %.2f'%(m,100*t[1]/t[0],100*t[2]/t[0],t[4]/t[3]))
