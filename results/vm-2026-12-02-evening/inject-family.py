#!/usr/bin/env python3
# Not part of the suite (results/vm-2026-12-02-evening/factor-intervals.sh): a copy of a result file with every ok
# run of the Swift concurrency family made 1.2 times as long.  inject-family.py IN.csv OUT.csv
import csv,sys
fam={'task','immediate-task','task-executor','actor','executor-actor','task-group','discarding-task-group','continuation','async-stream'}
src,dst=sys.argv[1],sys.argv[2]
with open(src) as f, open(dst,'w',newline='') as g:
    r=csv.DictReader(f); w=csv.DictWriter(g,r.fieldnames); w.writeheader()
    for row in r:
        if row['runner'] in fam and row['status']=='ok':
            row['ns_per_job']='%.3f'%(float(row['ns_per_job'])*1.2); row['seconds']='%.9f'%(float(row['seconds'])*1.2)
        w.writerow(row)
