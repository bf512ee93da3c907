import re, sys, collections
# block_rq_insert: 259,0 R 1048576 () 123456 + 2048 mq-deadline [rabench]
pat = re.compile(r'\s(\d+\.\d+): (block_rq_insert|block_rq_issue|block_rq_complete): (\d+,\d+) (\S+) (?:\d+ )?\(\S*\) (\d+) \+ (\d+)')
for f in sys.argv[1:]:
    ins, iss = {}, {}
    q, s, tot = [], [], []
    for line in open(f):
        m = pat.search(line)
        if not m: continue
        t, ev, dev, rw, sec, n = float(m[1]), m[2], m[3], m[4], int(m[5]), int(m[6])
        if 'R' not in rw: continue
        k = sec
        if ev == 'block_rq_insert': ins[k] = t
        elif ev == 'block_rq_issue': iss[k] = t
        else:
            if k in iss:
                s.append((t - iss[k], sec, n))
                if k in ins:
                    q.append((iss[k] - ins[k], sec, n)); tot.append((t - ins[k], sec, n))
    def summ(name, a):
        if not a: print(name, 'none'); return
        v = sorted(x[0] for x in a)
        print(f'{name}: n={len(v)} p50={v[len(v)//2]*1000:.1f} p99={v[int(len(v)*.99)]*1000:.1f} max={v[-1]*1000:.1f} ms (max req {max(a)[1]}+{max(a)[2]})')
    print(f)
    summ(' queued (insert->issue)', q); summ(' in service (issue->complete)', s); summ(' total', tot)
