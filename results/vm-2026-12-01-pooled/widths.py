# How wide a dear cell's interval is within one sweep: its own Student's t over its 3 runs (the rule before
# 2026-12-01), against the pooled t over the first 2 runs of each of its runner's 4 dear cells (what bench gives a
# sweep that made 2 of each), and its own t over those 2. Dear: 3 runs, the median over 0.25 s. Not part of the
# suite: python3 with scipy, from the package's root, e.g.
#   python3 results/vm-2026-12-01-pooled/widths.py results/vm-2026-11-28-night/after-*.csv
import csv, glob, math, statistics as st, collections, sys
from scipy.stats import t as tdist
files=sys.argv[1:]
own3=[]; pool2=[]; own2=[]
for f in files:
    cells=collections.defaultdict(list); secs=collections.defaultdict(list)
    for r in csv.DictReader(open(f)):
        if r['status']!='ok': continue
        k=(r['runner'],int(r['queues'])); cells[k].append((int(r['sequence']),float(r['ns_per_job']))); secs[k].append(float(r['seconds']))
    groups=collections.defaultdict(list)
    for k,v in cells.items():
        if len(v)==3 and st.median(secs[k])>0.25: groups[k[0]].append(k)
    for runner,ks in groups.items():
        if len(ks)<4: continue
        logs2={}
        for k in ks:
            v=[x for _,x in sorted(cells[k])]
            l3=[math.log(x) for x in v]; own3.append(tdist.ppf(.975,2)*st.stdev(l3)/math.sqrt(3))
            l2=l3[:2]; logs2[k]=l2; own2.append(tdist.ppf(.975,1)*st.stdev(l2)/math.sqrt(2))
        ss=sum(sum((x-sum(l)/2)**2 for x in l) for l in logs2.values()); df=len(ks)
        sp=math.sqrt(ss/df)
        pool2 += [tdist.ppf(.975,df)*sp/math.sqrt(2)]*len(ks)
def q(v): return 'median %.1f%% mean %.1f%% p90 %.1f%%'%(100*st.median(v),100*st.mean(v),100*sorted(v)[int(.9*len(v))])
print(len(own3),'cells'); print(' own, 3 runs   ',q(own3)); print(' pooled, 2 runs',q(pool2)); print(' own, 2 runs   ',q(own2))
