#!/usr/bin/env python3
"""Counts the include arrows that run back up inside each library of lib/.

A room is a file stem (foo.hpp with foo.cpp). An arrow A->B: a file of room A includes a
header of room B of the same library. The back arrows are the fewest arrows whose removal
leaves no circle: exact (every order of a strongly connected component) for components of up
to 8 rooms, the Eades-Lin-Smyth order for larger ones. Exits 1 when there is any, so that ctest
(layout.back-arrows) keeps each library a plain stack.
    scripts/back-arrows.py [SOURCE_DIR]"""
import os, re, sys, itertools
root = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), '..')
libdir = os.path.join(root, 'lib')
inc = re.compile(r'#include\s+"([^"]+)"')
total = 0
for lib in sorted(os.listdir(libdir)):
    p = os.path.join(libdir, lib)
    if not os.path.isdir(os.path.join(p, 'src')): continue
    files = []
    for d, _, fs in os.walk(p):
        files += [os.path.join(d, f) for f in fs if f.endswith(('.hpp', '.cpp'))]
    stem = lambda f: os.path.splitext(os.path.basename(f))[0]
    rooms = {stem(f) for f in files}
    edges = set()
    for f in files:
        for m in inc.finditer(open(f, encoding='utf-8').read()):
            h = m.group(1)
            if '/' in h and not h.startswith(f'xq/{lib}/'): continue
            t = stem(h)
            if t in rooms and t != stem(f): edges.add((stem(f), t))
    # Tarjan SCC
    idx, low, st, on, comps, n = {}, {}, [], set(), [], [0]
    adj = {r: [b for a, b in edges if a == r] for r in rooms}
    def sc(v):
        idx[v] = low[v] = n[0]; n[0] += 1; st.append(v); on.add(v)
        for w in adj[v]:
            if w not in idx: sc(w); low[v] = min(low[v], low[w])
            elif w in on: low[v] = min(low[v], idx[w])
        if low[v] == idx[v]:
            c = []
            while True:
                w = st.pop(); on.discard(w); c.append(w)
                if w == v: break
            comps.append(c)
    sys.setrecursionlimit(10000)
    for r in sorted(rooms):
        if r not in idx: sc(r)
    back = []
    for c in comps:
        if len(c) < 2: continue
        ce = [(a, b) for a, b in edges if a in c and b in c]
        best = None
        if len(c) <= 8:
            for order in itertools.permutations(c):
                pos = {v: i for i, v in enumerate(order)}
                # arrows point down: includer above included, so a->b needs pos[a] < pos[b]
                bad = [(a, b) for a, b in ce if pos[a] > pos[b]]
                if best is None or len(bad) < len(best): best = bad
        else:
            rest, s1, s2 = set(c), [], []
            while rest:
                out = lambda v: sum(1 for a, b in ce if a == v and b in rest)
                inn = lambda v: sum(1 for a, b in ce if b == v and a in rest)
                v = max(rest, key=lambda v: (out(v) - inn(v), v)); s1.append(v); rest.remove(v)
            pos = {v: i for i, v in enumerate(s1)}
            best = [(a, b) for a, b in ce if pos[a] > pos[b]]
        back += best
    total += len(back)
    print(f'{lib}: {len(rooms)} rooms, {len(edges)} arrows, {len(back)} back: ' + ', '.join(f'{a}->{b}' for a, b in sorted(back)))
print(f'total back arrows: {total}')
sys.exit(1 if total else 0)
