#!/usr/bin/env python3
"""The DYNCTA sensitivity table (docs/units/dyncta.md, spec/dyncta.md §6.3).

usage: scripts/dyncta-sensitivity.py RUNS/dyncta30-sensitivity [--config NAME]

Reads RUNS/<experiment>/<workload>/<config>/<variant>/stats.json of
experiments/dyncta30-sensitivity.yaml and prints, per setting, DYNCTA's
speedup (IPC) over n = N run with the same L1D MSHRs: arithmetic and geometric
mean over the workloads, the change of each against the default setting (in
points of the mean), the number of workloads with a speedup above 1.02 and
below 0.98, and DYNCTA's average n (`dyncta.avg_n_issuing`, or `dyncta.avg_n`
when the kernels never had CTAs waiting), averaged over the workloads. Only
workloads where every run of the table exists are counted.
"""
import json
import math
import os
import sys

# setting label, DYNCTA variant, its n = N baseline
SETTINGS = [
    ("defaults (period 2048, thresholds 16/128/384, 64 MSHRs)", "dyncta", "max"),
    ("sampling period 4096", "dyncta_p4096", "max"),
    ("thresholds x0.5 (8/64/192)", "dyncta_th50", "max"),
    ("thresholds x1.5 (24/192/576)", "dyncta_th150", "max"),
    ("32 L1D MSHRs", "dyncta_mshr32", "max_mshr32"),
    ("16 L1D MSHRs", "dyncta_mshr16", "max_mshr16"),
]


def load(path):
    try:
        with open(path) as f:
            return json.load(f)
    except (OSError, ValueError):
        return None


def main(argv):
    args = argv[1:]
    if not args or args[0] in ("-h", "--help"):
        print(__doc__)
        return 2
    root, config = args[0], None
    if len(args) == 3 and args[1] == "--config":
        config = args[2]
    needed = sorted({v for _, d, b in SETTINGS for v in (d, b)})
    runs = {}
    for w in sorted(os.listdir(root)):
        wdir = os.path.join(root, w)
        if not os.path.isdir(wdir) or w == "plots":
            continue
        cfgs = sorted(os.listdir(wdir))
        cfg = config or (cfgs[0] if cfgs else None)
        if cfg is None:
            continue
        r = {v: load(os.path.join(wdir, cfg, v, "stats.json")) for v in needed}
        if all(r[v] is not None for v in needed):
            runs[w] = r
    if not runs:
        print("dyncta-sensitivity: no complete workload under %s" % root, file=sys.stderr)
        return 1
    ws = sorted(runs)
    print("%d workloads: %s\n" % (len(ws), " ".join(ws)))
    print("| setting | mean | geomean | mean vs default | > +2% | < -2% | avg n | avg N |")
    print("|---|---|---|---|---|---|---|---|")
    ref = None
    for label, d, b in SETTINGS:
        sp = [runs[w][d]["ipc"] / runs[w][b]["ipc"] for w in ws]
        am = sum(sp) / len(sp)
        gm = math.exp(sum(math.log(x) for x in sp) / len(sp))
        ns = [runs[w][d].get("dyncta.avg_n_issuing", 0.0) or runs[w][d].get("dyncta.avg_n", 0.0)
              for w in ws]
        bigN = []
        for w in ws:
            ks = runs[w][b].get("kernels", [])
            tot = sum(k.get("cycles", 0) for k in ks)
            bigN.append(sum(k.get("cycles", 0) * k.get("ctas_per_sm", 0) for k in ks) / tot
                        if tot else 0.0)
        if ref is None:
            ref = am
        print("| %s | %.3f | %.3f | %+.1f pt | %d | %d | %.2f | %.2f |" % (
            label, am, gm, 100 * (am - ref), sum(1 for x in sp if x > 1.02),
            sum(1 for x in sp if x < 0.98), sum(ns) / len(ns), sum(bigN) / len(bigN)))
    print("\nper workload, DYNCTA over n = N:\n")
    print("| workload | " + " | ".join(d for _, d, _ in SETTINGS) + " |")
    print("|---|" + "---|" * len(SETTINGS))
    for w in ws:
        print("| %s | %s |" % (w, " | ".join("%.3f" % (runs[w][d]["ipc"] / runs[w][b]["ipc"])
                                            for _, d, b in SETTINGS)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
