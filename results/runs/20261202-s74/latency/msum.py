import json, glob, os, statistics as st, collections, sys
rows = collections.defaultdict(list)
for d in sorted(glob.glob(sys.argv[1] + '/*/')):
    d = d.rstrip('/')
    k = os.path.basename(d).split('-', 1)[1]
    for f in glob.glob(d + '/seq-*.json'):
        sched, r = os.path.basename(f)[4:-5].rsplit('-', 1)
        rf = f.replace('/seq-', '/rand-')
        try:
            s = json.load(open(f)); q = json.load(open(rf))
        except Exception:
            continue
        n = q['bytes'] / 4096
        rows[(k, sched)].append((s['mib_s'], s['max_read_ms'], q['seconds'] * 1000 / n, q['max_read_ms'], n))
def rng(v, fmt='%.1f'):
    v = sorted(v); return (fmt % st.median(v)) + ' [' + (fmt % v[0]) + '-' + (fmt % v[-1]) + ']'
print('kernel          scheduler    n  streams MiB/s        streams longest ms     random read mean ms   random longest ms')
for (k, s), v in sorted(rows.items()):
    print(f'{k:15s} {s:12s} {len(v)}  {rng([x[0] for x in v]):20s} {rng([x[1] for x in v], "%.0f"):22s} {rng([x[2] for x in v]):21s} {rng([x[3] for x in v], "%.0f")}')
