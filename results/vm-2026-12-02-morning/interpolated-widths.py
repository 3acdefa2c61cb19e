# Not part of the suite (python3, standard library only). For each file, the median ± of its cells under 50 ms with
# 6 units or more, by the exact ranks bench uses and by the interpolated interval, over the same units.
import csv,sys,statistics,math
from collections import defaultdict
from math import comb
def gamma(n,c):  # coverage of [X_c, X_{n-c+1}]
    return 1-2*sum(comb(n,i) for i in range(c))/2**n
def rank(n):
    c=1
    while c+1<=n//2 and gamma(n,c+1)>=0.95: c+=1
    return c
def hs(x):
    x=sorted(x); n=len(x); c=rank(n)
    g1=gamma(n,c); g2=gamma(n,c+1)
    I=(g1-0.95)/(g1-g2); lam=(n-c)*I/(c+(n-2*c)*I)
    lo=lam*x[c]+(1-lam)*x[c-1]; hi=lam*x[n-c-1]+(1-lam)*x[n-c]
    return lo,hi
def exact(x):
    x=sorted(x); n=len(x); c=rank(n); return x[c-1],x[n-c]
for f in sys.argv[1:]:
    d=defaultdict(lambda: defaultdict(list))
    for r in csv.DictReader(open(f)):
        if r['status']=='ok': d[(r['runner'],r['queues'],r['iterations'])][r['process']].append(float(r['seconds']))
    E=[];H=[]
    for k,p in d.items():
        allr=[v for l in p.values() for v in l]; med=statistics.median(allr)
        if med>=0.05: continue
        u=[statistics.median(l) for l in p.values()]
        if len(u)<6: continue
        a=exact(u); b=hs(u)
        E.append((a[1]-a[0])/2/med*100); H.append((b[1]-b[0])/2/med*100)
    print(f,len(E),'exact median ±%.1f'%statistics.median(E),'HS ±%.1f'%statistics.median(H), 'ratio %.2f'%statistics.median([h/e for h,e in zip(H,E) if e>0]))
