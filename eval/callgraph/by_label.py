#!/usr/bin/env python3
"""Breaks call-graph predictions saved by callgraph_score.py (--save-preds) down by the label
gather gives each edge (import, local, qualified, name) and names the misses.

    by_label.py TRUTH PREDS [--show N]

Per repository and side: for each label, edges matched (tp) and false (fp), and precision;
each missed truth item (fn) is put under `ambiguous` when gather listed it among the
candidates of an ambiguous call, else `missing`. Matching is the scorer's default (same path,
overlapping ranges, one to one); predictions outside the truth's scope and unmatched
predictions overlapping a don't-care item are left out, as the scorer does. --show N prints
up to N false and missed edges per repository and side, for reading.
"""
import argparse
import collections
import json
import os


def overlap(a, b):
    return a[0] == b[0] and min(a[2], b[2]) >= max(a[1], b[1])


def in_scope(path, scope):
    dirs, exts = scope.get('dirs') or [], scope.get('exts') or []
    if exts and not any(path.endswith(e) for e in exts):
        return False
    return not dirs or any(path == d or path.startswith(d.rstrip('/') + '/') for d in dirs)


def items(lst, root=None):
    out = []
    for it in lst or []:
        p = it['path']
        if root and os.path.isabs(p):
            p = os.path.relpath(p, root)
        out.append((p, int(it['line_start']), int(it.get('line_end', it['line_start'])),
                    it.get('confidence', ''), it.get('symbol', '')))
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('truth')
    ap.add_argument('preds')
    ap.add_argument('--show', type=int, default=0)
    a = ap.parse_args()
    preds = {}
    with open(a.preds) as f:
        for line in f:
            if line.strip():
                p = json.loads(line)
                preds[p['key']] = p
    counts = collections.defaultdict(collections.Counter)
    shown = collections.defaultdict(list)
    with open(a.truth) as f:
        for line in f:
            if not line.strip():
                continue
            r = json.loads(line)
            key = '%s|%s|%s|%s' % (r['repo'], r['path'], r['symbol'], r['line_start'])
            p = preds.get(key, {})
            ambiguous = collections.defaultdict(list)
            for amb in p.get('ambiguous') or []:
                side = 'callees' if amb.get('direction') == 'callee' else 'callers'
                cands = amb.get('candidates')
                if isinstance(cands, list):
                    ambiguous[side] += items(cands)
                else:
                    ambiguous[side].append((amb['path'], amb['line_start'], amb['line_end'], '', ''))
            for side in ('callers', 'callees'):
                truth = items(r.get(side))
                dontcare = items((r.get(side + '_virtual') or []) + (r.get(side + '_nocall') or []))
                pred = [x for x in items(p.get(side), p.get('root')) if in_scope(x[0], r['scope'])]
                used = set()
                c = counts[(r['repo'], side)]
                for x in pred:
                    hit = next((i for i, t in enumerate(truth) if i not in used and overlap(x, t)), None)
                    if hit is not None:
                        used.add(hit)
                        c['tp ' + x[3]] += 1
                    elif not any(overlap(x, d) for d in dontcare):
                        c['fp ' + x[3]] += 1
                        shown[(r['repo'], side)].append('FP %-9s %s -> %s:%d %s' % (
                            x[3], r['symbol'], x[0], x[1], x[4]))
                for i, t in enumerate(truth):
                    if i in used:
                        continue
                    why = 'ambiguous' if any(overlap(t, x) for x in ambiguous[side]) else 'missing'
                    c['fn ' + why] += 1
                    shown[(r['repo'], side)].append('FN %-9s %s:%d %s -> %s:%d %s' % (
                        why, r['path'], r['line_start'], r['symbol'], t[0], t[1], t[4]))
    for (repo, side), c in sorted(counts.items()):
        labels = sorted({k.split(' ', 1)[1] for k in c if k[:2] in ('tp', 'fp')})
        parts = []
        for label in labels:
            tp, fp = c['tp ' + label], c['fp ' + label]
            parts.append('%s %d/%d=%.3f' % (label, tp, tp + fp, tp / (tp + fp)))
        misses = ' '.join('%s %d' % (k[3:], v) for k, v in sorted(c.items()) if k.startswith('fn '))
        print('%-32s %-7s | %s | missed: %s' % (repo, side, '  '.join(parts), misses or '0'))
        for s in shown[(repo, side)][:a.show]:
            print('    ' + s)


if __name__ == '__main__':
    main()
