#!/usr/bin/env python3
"""The BAWS reproduction (docs/units/baws.md) from a sweep of experiments/baws-paper.yaml.

usage: scripts/baws-report.py RUNS/baws-paper [--csv FILE] [--plot FILE.png]

Reads RUNS/baws-paper/<workload>/gtx480/<variant>/stats.json and prints the
Markdown table of IPC over the `lrr` variant (LRR issue, RR fetch: the paper's
baseline) per workload and policy pair, with geometric and arithmetic means
and the paper's averages (spec/baws.md §6.2) below. --csv writes one row per
job (cycles, instructions, IPC, the stall breakdown, L1D miss rate, DRAM
utilisation); --plot draws the speedups as grouped bars (gnuplot).
"""
import argparse
import json
import math
import os
import subprocess
import sys

VARIANTS = [("gto", "GTO"), ("tls", "TLS"), ("mwf_lrr", "MWF(LRR)"), ("mwf_gto", "MWF(GTO)"),
            ("mwf_lrr_cff", "MWF(LRR)+CFF"), ("mwf_gto_cff", "MWF(GTO)+CFF (BAWS)"),
            ("gto_cff", "GTO+CFF")]
# spec/baws.md §6.2: the paper's average speedups over LRR (TLS about 1.0;
# GTO+CFF is GTO plus the 1.7 points the paper gives CFF on a GTO base).
PAPER = {"gto": "1.084", "tls": "≈ 1.0", "mwf_lrr": "1.095", "mwf_gto": "1.098",
         "mwf_lrr_cff": "1.162", "mwf_gto_cff": "**1.169**", "gto_cff": "≈ 1.101"}
CSV_KEYS = ["cycles", "thread_insts", "ipc", "stall.barrier", "stall.exit", "stall.data_mem",
            "stall.structural", "stall.fetch", "l1d.miss_rate", "dram.bandwidth_utilization"]


def die(msg):
    print("baws-report.py: error: " + msg, file=sys.stderr)
    sys.exit(2)


def load(root):
    runs = {}
    order = []
    for w in sorted(os.listdir(root)):
        d = os.path.join(root, w, "gtx480")
        if not os.path.isdir(d):
            continue
        for v in ["lrr"] + [x for x, _ in VARIANTS]:
            p = os.path.join(d, v, "stats.json")
            if not os.path.exists(p):
                die("missing %s (is the sweep complete?)" % p)
            with open(p) as f:
                runs[(w, v)] = json.load(f)
        order.append(w)
    if not order:
        die("no workload under '%s'" % root)
    return runs, order


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("root")
    ap.add_argument("--csv")
    ap.add_argument("--plot")
    a = ap.parse_args()
    runs, ws = load(a.root)
    # The experiment's own order of workloads, where it can be read.
    exp = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "experiments", "baws-paper.yaml")
    try:
        for line in open(exp):
            if line.startswith("workloads:"):
                named = [x.strip() for x in line.split("[", 1)[1].split("]")[0].split(",")]
                ws = [w for w in named if w in ws] + [w for w in ws if w not in named]
    except OSError:
        pass
    sp = {(w, v): runs[(w, v)]["ipc"] / runs[(w, "lrr")]["ipc"] for w in ws for v, _ in VARIANTS}
    print("| workload | " + " | ".join(n for _, n in VARIANTS) + " |")
    print("|---|" + "---|" * len(VARIANTS))
    for w in ws:
        cells = []
        for v, _ in VARIANTS:
            x = sp[(w, v)]
            cells.append(("**%.3f**" if x < 1.0 else "%.3f") % x)
        print("| %s | %s |" % (w, " | ".join(cells)))
    gm = {v: math.exp(sum(math.log(sp[(w, v)]) for w in ws) / len(ws)) for v, _ in VARIANTS}
    am = {v: sum(sp[(w, v)] for w in ws) / len(ws) for v, _ in VARIANTS}
    print("| **geomean, ours** | " + " | ".join(("**%.3f**" if v == "mwf_gto_cff" else "%.3f") % gm[v]
                                                for v, _ in VARIANTS) + " |")
    print("| mean, ours | " + " | ".join("%.3f" % am[v] for v, _ in VARIANTS) + " |")
    print("| **paper (average)** | " + " | ".join(PAPER[v] for v, _ in VARIANTS) + " |")
    if a.csv:
        with open(a.csv, "w") as f:
            f.write("workload,variant,stopped_by," + ",".join(CSV_KEYS) + "\n")
            for w in ws:
                for v in ["lrr"] + [x for x, _ in VARIANTS]:
                    r = runs[(w, v)]
                    vals = []
                    for k in CSV_KEYS:
                        x = r.get(k, 0)
                        vals.append("%.6f" % x if isinstance(x, float) else str(x))
                    f.write("%s,%s,%s,%s\n" % (w, v, r.get("stopped_by", ""), ",".join(vals)))
    if a.plot:
        dat = a.plot + ".dat"
        with open(dat, "w") as f:
            f.write("workload " + " ".join(v for v, _ in VARIANTS) + "\n")
            for w in ws + ["geomean"]:
                row = [gm[v] if w == "geomean" else sp[(w, v)] for v, _ in VARIANTS]
                f.write(w + " " + " ".join("%.4f" % x for x in row) + "\n")
        gp = ['set terminal pngcairo size 1100,450 noenhanced font "sans,10"',
              'set output "%s"' % a.plot,
              'set style data histograms', 'set style histogram clustered gap 1',
              'set style fill solid 0.85 border -1', 'set boxwidth 0.9',
              'set ylabel "IPC over LRR"', 'set yrange [0.6:*]', 'set grid ytics',
              'set key outside right top vertical', 'set xtics rotate by -30',
              'set arrow from graph 0, first 1 to graph 1, first 1 nohead dt 2',
              'set title "BAWS reproduction: gtx480, paper inputs, first 50M thread instructions"',
              'plot ' + ", ".join('"%s" u %d:xtic(1) t "%s"' % (dat, i + 2, n)
                                  for i, (_, n) in enumerate(VARIANTS))]
        p = subprocess.run(["gnuplot"], input="\n".join(gp) + "\n", capture_output=True, text=True)
        os.remove(dat)
        if p.returncode != 0:
            print(p.stderr, file=sys.stderr)
            die("gnuplot failed")


if __name__ == "__main__":
    main()
