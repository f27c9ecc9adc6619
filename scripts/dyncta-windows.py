#!/usr/bin/env python3
"""DYNCTA's window counts beside its thresholds (docs/units/dyncta.md).

Reads DYNCTA traces (simtref run ... --trace dyncta:FILE.csv: one line per
sampling window with each SM's limit n, C_idle and C_mem) and prints, per
trace, the distribution of C_idle and C_mem over the windows of SMs that hold
a CTA while the kernel still has unissued CTAs (the windows in which DYNCTA's
decision matters), against T_IDLE, T_MEM_L and T_MEM_H.

    scripts/dyncta-windows.py [--all] [--t-idle 16 --t-mem-l 128 --t-mem-h 384] TRACE.csv...

--all counts the windows after the kernel issued its last CTA too.
"""
import argparse
import csv
import os
import sys


def pct(v, q):
    if not v:
        return float("nan")
    v = sorted(v)
    return v[min(len(v) - 1, int(q * (len(v) - 1) + 0.5))]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--t-idle", type=int, default=16)
    ap.add_argument("--t-mem-l", type=int, default=128)
    ap.add_argument("--t-mem-h", type=int, default=384)
    ap.add_argument("--all", action="store_true", help="count windows after the last CTA issued too")
    ap.add_argument("traces", nargs="+")
    a = ap.parse_args()
    traces = []
    for path in a.traces:
        try:
            with open(path) as f:
                rows = list(csv.DictReader(f))
        except OSError as e:
            sys.exit("dyncta-windows: %s: %s" % (path, e.strerror))
        if not rows or "ci0" not in rows[0]:
            sys.exit("dyncta-windows: %s: not a DYNCTA trace with C_idle/C_mem columns" % path)
        traces.append((path, rows))
    print("| trace | SM-windows | C_idle p10/p50/p90 | C_mem p10/p50/p90 | C_idle >= %d (INC) "
          "| C_mem < %d (INC) | C_mem in [%d, %d) (HOLD) | C_mem >= %d (DEC) | C_mem >= %d but "
          "C_idle >= %d (INC, not DEC) | mean n |"
          % (a.t_idle, a.t_mem_l, a.t_mem_l, a.t_mem_h, a.t_mem_h, a.t_mem_h, a.t_idle))
    print("|---|---|---|---|---|---|---|---|---|---|")
    for path, rows in traces:
        n_sms = sum(1 for k in rows[0] if k.startswith("ci"))
        ci, cm, ns = [], [], []
        for r in rows:
            if r["drained"] != "0" and not a.all:
                continue
            for i in range(n_sms):
                idle, mem = int(r["ci%d" % i]), int(r["cm%d" % i])
                if idle >= 2047 and mem == 0:
                    continue  # an SM with nothing resident all window
                ci.append(idle)
                cm.append(mem)
                ns.append(int(r["n%d" % i]))
        k = len(ci)
        name = os.path.splitext(os.path.basename(path))[0]
        if k == 0:
            print("| %s | 0 | | | | | | | | |" % name)
            continue
        inc_i = sum(1 for x in ci if x >= a.t_idle) / k
        rest = [m for x, m in zip(ci, cm) if x < a.t_idle]
        inc_m = sum(1 for m in rest if m < a.t_mem_l) / k
        hold = sum(1 for m in rest if a.t_mem_l <= m < a.t_mem_h) / k
        dec = sum(1 for m in rest if m >= a.t_mem_h) / k
        masked = sum(1 for x, m in zip(ci, cm) if x >= a.t_idle and m >= a.t_mem_h) / k
        print("| %s | %d | %d / %d / %d | %d / %d / %d | %.2f | %.2f | %.2f | %.2f | %.2f | %.2f |"
              % (name, k, pct(ci, .1), pct(ci, .5), pct(ci, .9), pct(cm, .1), pct(cm, .5),
                 pct(cm, .9), inc_i, inc_m, hold, dec, masked, sum(ns) / k))


if __name__ == "__main__":
    main()
