#!/usr/bin/env python3
"""The CAWA reproduction (docs/units/cawa.md) from a sweep of experiments/cawa-paper.yaml.

usage: scripts/cawa-report.py RUNS/cawa-paper [--csv FILE] [--plot FILE.png]

Reads RUNS/cawa-paper/<workload>/gtx480-cawa/<variant>/stats.json and prints
Markdown tables: IPC over the `lrr` variant (the paper's RR baseline) per
workload and variant, with geometric and arithmetic means over the paper's
sensitive and non-sensitive sets (spec §5.2, Table 4.2) beside the paper's
averages (§6.2); then, for LRR against CAWA, the L1D global-load MPKI (misses
per 1000 thread instructions, spec §7 A-4), the critical-warp L1D hit rate,
CPL's accuracy and the execution-time disparity among the warps of a block.
--csv writes one row per job; --plot draws the speedups as grouped bars
(gnuplot).
"""
import argparse
import json
import math
import os
import subprocess
import sys

CONFIG = "gtx480-cawa"
VARIANTS = [("gto", "GTO"), ("tls", "2-Level"), ("gcaws", "gCAWS"), ("lrr_cacp", "RR+CACP"),
            ("gto_cacp", "GTO+CACP"), ("tls_cacp", "2-Level+CACP"), ("cawa", "CAWA")]
SENS = ["bfs", "bt", "htw", "kmn", "nw", "sr1", "sc"]
NONSENS = ["bp", "pf", "pth", "scm", "tpf"]
# spec §6.2: the paper's averages over RR on the sensitive set (arithmetic).
PAPER_SENS = {"gto": "1.16", "tls": "0.98", "gcaws": "≈ 1.18", "cawa": "**1.23**",
              "lrr_cacp": "1.02 .. 1.165", "gto_cacp": "1.02 .. 1.165",
              "tls_cacp": "1.02 .. 1.165"}
CSV_KEYS = ["cycles", "thread_insts", "ipc", "l1d.global_r.hit", "l1d.global_r.miss",
            "l1d.crit.accesses", "l1d.crit.hits", "cpl.accuracy", "warp.exit_disparity"]


def die(msg):
    print("cawa-report.py: error: " + msg, file=sys.stderr)
    sys.exit(2)


def load(root):
    runs = {}
    order = []
    for w in SENS + NONSENS:
        d = os.path.join(root, w, CONFIG)
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


def gmean(xs):
    return math.exp(sum(math.log(x) for x in xs) / len(xs)) if xs else float("nan")


def amean(xs):
    return sum(xs) / len(xs) if xs else float("nan")


def mpki(r):
    return 1000.0 * r.get("l1d.global_r.miss", 0) / max(1, r["thread_insts"])


def acc(r):
    """CPL's accuracy, or None when no block retired inside the run (no sample scored)."""
    return r.get("cpl.accuracy") if r.get("cpl.samples", 0) > 0 else None


def disp(r):
    """Warp execution-time disparity, or None when no block of two warps retired."""
    return r.get("warp.exit_disparity") if r.get("warp_disparity.ctas", 1) > 0 else None


def fmt(x, f):
    return "n/a" if x is None else f % x


def crit_hit(r):
    a = r.get("l1d.crit.accesses", 0)
    return r.get("l1d.crit.hits", 0) / a if a else float("nan")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("root")
    ap.add_argument("--csv")
    ap.add_argument("--plot")
    a = ap.parse_args()
    runs, ws = load(a.root)
    sp = {(w, v): runs[(w, v)]["ipc"] / runs[(w, "lrr")]["ipc"] for w in ws for v, _ in VARIANTS}
    print("| workload | set | stopped by | " + " | ".join(n for _, n in VARIANTS) + " |")
    print("|---|---|---|" + "---|" * len(VARIANTS))
    for w in ws:
        cells = [("**%.3f**" if sp[(w, v)] < 1.0 else "%.3f") % sp[(w, v)] for v, _ in VARIANTS]
        stop = "completion" if runs[(w, "lrr")].get("stopped_by", "") in ("", "completion") \
            else "30M insts"
        print("| %s | %s | %s | %s |" % (w, "Sens" if w in SENS else "Non-sens", stop,
                                         " | ".join(cells)))
    for name, group in (("Sens", SENS), ("Non-sens", NONSENS), ("all", SENS + NONSENS)):
        g = [w for w in group if w in ws]
        print("| **%s, geomean** | | | %s |" % (name, " | ".join(
            "%.3f" % gmean([sp[(w, v)] for w in g]) for v, _ in VARIANTS)))
        print("| %s, mean | | | %s |" % (name, " | ".join(
            "%.3f" % amean([sp[(w, v)] for w in g]) for v, _ in VARIANTS)))
    print("| **paper, Sens (average)** | | | %s |" % " | ".join(PAPER_SENS[v] for v, _ in VARIANTS))
    print()
    print("| workload | L1D MPKI, LRR | L1D MPKI, CAWA | change | critical-warp L1D hit rate, LRR"
          " | CAWA | ratio | CPL accuracy (LRR) | (CAWA) | warp disparity, LRR | CAWA |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    ratios = []
    for w in ws:
        b, c = runs[(w, "lrr")], runs[(w, "cawa")]
        mb, mc = mpki(b), mpki(c)
        hb, hc = crit_hit(b), crit_hit(c)
        ratio = hc / hb if hb and hb == hb and hc == hc and hb > 0 else float("nan")
        if ratio == ratio:
            ratios.append(ratio)
        print("| %s | %.1f | %.1f | %+.1f%% | %.3f | %.3f | %s | %s | %s | %s | %s |" % (
            w, mb, mc, 100.0 * (mc - mb) / mb if mb else 0.0, hb, hc,
            "%.2fx" % ratio if ratio == ratio else "n/a",
            fmt(acc(b), "%.2f"), fmt(acc(c), "%.2f"), fmt(disp(b), "%.3f"), fmt(disp(c), "%.3f")))

    def mean_of(f, v):
        xs = [f(runs[(w, v)]) for w in ws if f(runs[(w, v)]) is not None]
        return amean(xs)
    print("| **mean** (of the workloads with a value) | | | | | | %.2fx | %.2f | %.2f | %.3f | %.3f |" % (
        amean(ratios), mean_of(acc, "lrr"), mean_of(acc, "cawa"), mean_of(disp, "lrr"),
        mean_of(disp, "cawa")))
    print("| **paper** | | | KMN −26.2%; HTW, SC up | | | 2.46x (KMN 7.22x) | 0.73 (NW 1.00) | | | |")
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
            for w in ws + ["gm-Sens", "gm-Non-sens"]:
                if w.startswith("gm-"):
                    g = SENS if w == "gm-Sens" else NONSENS
                    row = [gmean([sp[(x, v)] for x in g if x in ws]) for v, _ in VARIANTS]
                else:
                    row = [sp[(w, v)] for v, _ in VARIANTS]
                f.write(w + " " + " ".join("%.4f" % x for x in row) + "\n")
        gp = ['set terminal pngcairo size 1200,450 noenhanced font "sans,10"',
              'set output "%s"' % a.plot,
              'set style data histograms', 'set style histogram clustered gap 1',
              'set style fill solid 0.85 border -1', 'set boxwidth 0.9',
              'set ylabel "IPC over RR (LRR)"', 'set yrange [0:*]', 'set grid ytics',
              'set key outside right top vertical', 'set xtics rotate by -30',
              'set arrow from graph 0, first 1 to graph 1, first 1 nohead dt 2',
              'set title "CAWA reproduction: gtx480-cawa, paper inputs, first 30M thread instructions"',
              'plot ' + ", ".join('"%s" u %d:xtic(1) t "%s"' % (dat, i + 2, n)
                                  for i, (_, n) in enumerate(VARIANTS))]
        p = subprocess.run(["gnuplot"], input="\n".join(gp) + "\n", capture_output=True, text=True)
        os.remove(dat)
        if p.returncode != 0:
            print(p.stderr, file=sys.stderr)
            die("gnuplot failed")


if __name__ == "__main__":
    main()
