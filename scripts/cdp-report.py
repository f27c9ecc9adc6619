#!/usr/bin/env python3
"""The CDP characterisation (docs/cdp.md) from sweeps of experiments/cdp-paper.yaml and
experiments/cdp-ideal.yaml.

usage: scripts/cdp-report.py RUNS/cdp-paper RUNS/cdp-ideal [--csv FILE] [--plot PREFIX]
                             [--inputs TEXT]

Reads RUNS/cdp-paper/<app>[-<input>]-{flat,cdp}/k20c/base/stats.json and
RUNS/cdp-ideal/<app>[-<input>]-cdp/k20c/ideal/stats.json (the CDP version with every launch
latency at 0: the seed's "ideal CDP", CDPI) and prints a Markdown table per app and input: the
cycles of the flat and CDP versions, CDP's slowdown over flat (the seed's simulation: 1.16x
on average), CDPI's speedup over flat (1.43x), the share of CDP's time that is launch overhead
((CDP - CDPI) / CDP; the seed measured 36.1% on average on a K20c, at most 80.6%), the child
kernels (kernel density), threads per child kernel, the kernel distributor's mean and peak
occupancy and the share of cycles it was full with a launch waiting. Geometric means of the
ratios, arithmetic of the shares. --csv writes one row per app and input; --plot PREFIX draws
PREFIX-speedup.png (CDP and CDPI over flat) and PREFIX-overhead.png (launch-overhead share and
KDE occupancy) with gnuplot.
"""
import argparse
import json
import math
import os
import subprocess
import sys

CONFIG = "k20c"
# Table 2 of the seed (spec §4.2): the CDP characterisation's app x input pairs.
PAIRS = [("amr", None), ("bht", None),
         ("bfs_dp", "citation"), ("bfs_dp", "usa_road"), ("bfs_dp", "cage15"),
         ("clr_dp", "citation"), ("clr_dp", "usa_road"), ("clr_dp", "graph500"),
         ("clr_dp", "cage15"),
         ("regx", "darpa"), ("regx", "string"), ("pre", None),
         ("join", "uniform"), ("join", "gaussian"),
         ("sssp_dp", "citation"), ("sssp_dp", "usa_road"), ("sssp_dp", "flight"),
         ("sssp_dp", "cage15")]


def die(msg):
    print("cdp-report.py: error: " + msg, file=sys.stderr)
    sys.exit(2)


def label(app, inp):
    return app if inp is None else "%s-%s" % (app, inp)


def stats(root, lab, variant):
    p = os.path.join(root, lab, CONFIG, variant, "stats.json")
    if not os.path.exists(p):
        return None
    with open(p) as f:
        try:
            return json.load(f)
        except ValueError:
            die("%s is not complete JSON (is the sweep finished?)" % p)


def gmean(xs):
    xs = [x for x in xs if x and x > 0]
    return math.exp(sum(math.log(x) for x in xs) / len(xs)) if xs else float("nan")


def mean(xs):
    return sum(xs) / len(xs) if xs else float("nan")


def main():
    ap = argparse.ArgumentParser(description="CDP characterisation tables and plots")
    ap.add_argument("paper", help="RUNS/cdp-paper")
    ap.add_argument("ideal", help="RUNS/cdp-ideal")
    ap.add_argument("--csv")
    ap.add_argument("--plot", help="prefix of the PNG files")
    ap.add_argument("--series", metavar="PAIR", action="append", default=[],
                    help="with --plot, also draw PREFIX-kde-PAIR.png: the kernel distributor's "
                         "occupancy over time in PAIR's CDP run (kd.series; PAIR as app or "
                         "app-input, repeatable)")
    ap.add_argument("--inputs", default="paper inputs",
                    help="what the runs are, for the plots' titles (default: paper inputs)")
    a = ap.parse_args()
    for d in (a.paper, a.ideal):
        if not os.path.isdir(d):
            die("no directory %s (run simtref sweep first)" % d)
    rows, missing = [], []
    for app, inp in PAIRS:
        lab = label(app, inp)
        fl = stats(a.paper, lab + "-flat", "base")
        cd = stats(a.paper, lab + "-cdp", "base")
        idl = stats(a.ideal, lab + "-cdp", "ideal")
        if fl is None or cd is None or idl is None:
            missing.append(lab)
            continue
        for s, what in ((fl, "flat"), (cd, "cdp"), (idl, "ideal")):
            if s.get("stopped_by", "none") != "none":
                die("%s %s stopped by %s: the comparison needs whole runs" %
                    (lab, what, s["stopped_by"]))
        c_fl, c_cd, c_id = fl["cycles"], cd["cycles"], idl["cycles"]
        rows.append({
            "app": app, "input": inp or "", "flat": c_fl, "cdp": c_cd, "ideal": c_id,
            "slowdown": c_cd / c_fl, "ideal_speedup": c_fl / c_id,
            "overhead": (c_cd - c_id) / c_cd if c_cd else 0.0,
            "children": cd.get("cdp.child_kernels", 0),
            "threads": cd.get("cdp.child_threads_avg", 0.0),
            "kd_avg": cd.get("kd.occupancy_avg", 0.0),
            "kd_max": cd.get("kd.occupancy_max", 0),
            "kd_full": cd.get("kd.full_cycles", 0) / c_cd if c_cd else 0.0,
            "max_pending": cd.get("cdp.max_pending", 0),
            "wait": cd.get("cdp.pending_wait_avg", 0.0),
        })
    if not rows:
        die("no complete app/input in %s and %s" % (a.paper, a.ideal))
    print("| app | input | flat cycles | CDP cycles | CDP / flat | CDPI speedup over flat | "
          "launch overhead (share of CDP time) | child kernels | threads per child | "
          "KDE occupancy mean / peak | KDE full | mean wait in the pool (cycles) |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    for r in rows:
        print("| %s | %s | %d | %d | %.2fx | %.2fx | %.1f%% | %d | %.1f | %.1f / %d | %.1f%% | %.0f |" % (
            r["app"], r["input"] or "-", r["flat"], r["cdp"], r["slowdown"], r["ideal_speedup"],
            100 * r["overhead"], r["children"], r["threads"], r["kd_avg"], r["kd_max"],
            100 * r["kd_full"], r["wait"]))
    print("| **mean** | %d pairs | | | **%.2fx** (geo) | **%.2fx** (geo) | **%.1f%%** | | | | | |" % (
        len(rows), gmean([r["slowdown"] for r in rows]),
        gmean([r["ideal_speedup"] for r in rows]), 100 * mean([r["overhead"] for r in rows])))
    print("| *seed* | Table 2 | | | *1.16x slower (sim), 1.21x (K20c)* | *1.43x (sim), "
          "1.13-2.73x (K20c)* | *36.1% (max 80.6%), K20c* | *up to 156K* | *33-44, pre 1528* | "
          "| | |")
    if missing:
        print("\nnot (yet) in the sweeps: " + ", ".join(missing))
    if a.csv:
        keys = ["app", "input", "flat", "cdp", "ideal", "slowdown", "ideal_speedup", "overhead",
                "children", "threads", "kd_avg", "kd_max", "kd_full", "max_pending", "wait"]
        tmp = a.csv + ".tmp"
        with open(tmp, "w") as f:
            f.write(",".join(keys) + "\n")
            for r in rows:
                f.write(",".join(str(r[k]) for k in keys) + "\n")
        os.replace(tmp, a.csv)
    if a.plot:
        plot(a.plot, rows, a.inputs)
        for pair in a.series:
            plot_series(a.plot, a.paper, pair, a.inputs)


def run_gnuplot(script, out):
    p = subprocess.run(["gnuplot"], input="\n".join(script) + "\n", capture_output=True,
                       text=True)
    if p.returncode != 0:
        print(p.stderr, file=sys.stderr)
        die("gnuplot failed")
    os.replace(out + ".tmp.png", out)


def plot(prefix, rows, inputs):
    dat = prefix + ".dat"
    with open(dat, "w") as f:
        for r in rows:
            name = label(r["app"], r["input"] or None)
            f.write("%s %.4f %.4f %.4f %.4f\n" % (name, 1 / r["slowdown"], r["ideal_speedup"],
                                                  100 * r["overhead"], r["kd_avg"]))
    head = ['set terminal pngcairo size 1400,480 noenhanced font "sans,10"',
            'set style data histograms', 'set style histogram clustered gap 1',
            'set style fill solid 0.85 border -1', 'set boxwidth 0.9', 'set grid ytics',
            'set key outside right top vertical', 'set xtics rotate by -45']
    out = prefix + "-speedup.png"
    run_gnuplot(head + [
        'set output "%s.tmp.png"' % out, 'set ylabel "speedup over the flat version"',
        'set logscale y 2', 'set arrow from graph 0, first 1 to graph 1, first 1 nohead dt 2',
        'set title "CDP and ideal CDP (launch latencies 0) over flat: k20c, %s '
        '(seed, simulation: CDP 0.86x, CDPI 1.43x)"' % inputs,
        'plot "%s" u 2:xtic(1) t "CDP", "" u 3 t "CDPI (ideal)"' % dat], out)
    out = prefix + "-overhead.png"
    run_gnuplot(head + [
        'set output "%s.tmp.png"' % out, 'set ylabel "% of CDP time"', 'set y2label "entries"',
        'set ytics nomirror', 'set y2tics', 'set yrange [0:100]', 'set y2range [0:32]',
        'set title "Launch overhead ((CDP - CDPI) / CDP) and mean kernel-distributor '
        'occupancy: k20c, %s (seed, K20c: 36.1%% mean)"' % inputs,
        'plot "%s" u 4:xtic(1) t "launch overhead (%%)" axes x1y1, '
        '"" u 5 t "KDE occupancy (entries, right)" axes x1y2' % dat], out)
    os.remove(dat)


def plot_series(prefix, root, pair, inputs):
    st = stats(root, pair + "-cdp", "base")
    if st is None:
        die("no CDP run of %s in %s" % (pair, root))
    win = st.get("kd.series.window")
    pts = []
    i = 0
    while "kd.series.%d" % i in st:
        pts.append(st["kd.series.%d" % i])
        i += 1
    if not win or not pts:
        die("%s's CDP run has no kd.series (no device launch?)" % pair)
    dat = prefix + "-kde.dat"
    with open(dat, "w") as f:
        for i, v in enumerate(pts):
            f.write("%d %.4f\n" % ((i + 0.5) * win, v))
    out = "%s-kde-%s.png" % (prefix, pair)
    run_gnuplot(['set terminal pngcairo size 900,360 noenhanced font "sans,10"',
                 'set output "%s.tmp.png"' % out, 'set grid', 'set key off',
                 'set xlabel "core cycle"', 'set ylabel "KDE entries held (mean per window)"',
                 'set yrange [0:33]',
                 'set title "Kernel-distributor occupancy over time: %s CDP, k20c, %s '
                 '(32 entries)"' % (pair, inputs),
                 'plot "%s" u 1:2 w steps lw 2' % dat], out)
    os.remove(dat)


if __name__ == "__main__":
    main()
