#!/usr/bin/env python3
"""The latency-hiding breakdown of docs/latency-study.md (Fig 3.2's form).

usage: latency-plot.py [--kernel N] --csv OUT.csv [--plot OUT.png] STATS...

Each STATS is a `simtref run ... --stats FILE` text file (key = value); its
workload is its `workload` key. For each, the stall-attribution probe's
categories (probe.<cat>, cycles per warp) of kernel launch N (default 0, the
first launch; --kernel run: the whole run) are written as one CSV row, the
rows sorted by scheduling as the dissertation sorts them; --plot draws them
as stacked bars normalised to each workload's elapsed cycles (gnuplot).
Exit status 2 for bad usage or a file that lacks the keys.
"""
import argparse
import os
import subprocess
import sys
import tempfile

CATS = ["scheduling", "sync", "fetch", "ctrl", "data", "data_miss", "mshr", "structural",
        "exec"]
LABELS = ["Scheduling", "Sync.", "Inst. Fetch", "Ctrl. Hzrd", "Data Hzrd", "Data$", "MSHR",
          "Strcl. Hzrd", "Exec"]
COLORS = ["#9467bd", "#2ca02c", "#87ceeb", "#ff7f0e", "#f0e442", "#1f77b4", "#d62728",
          "#333333", "#bbbbbb"]


def die(msg):
    print("latency-plot: " + msg, file=sys.stderr)
    sys.exit(2)


def read(path):
    vals = {}
    try:
        with open(path) as f:
            for n, line in enumerate(f, 1):
                if "=" not in line:
                    continue
                k, v = line.split("=", 1)
                vals[k.strip()] = v.strip()
    except OSError as e:
        die("%s: %s" % (path, e.strerror))
    return vals


def main():
    ap = argparse.ArgumentParser(add_help=True)
    ap.add_argument("--kernel", default="0")
    ap.add_argument("--csv", required=True)
    ap.add_argument("--plot")
    ap.add_argument("stats", nargs="+")
    a = ap.parse_args()
    pre = "" if a.kernel == "run" else "kernel.%s." % a.kernel
    rows = []
    for path in a.stats:
        v = read(path)
        w = v.get("workload")
        keys = [pre + "probe." + c for c in CATS] + [pre + "probe.elapsed"]
        miss = [k for k in keys if k not in v]
        if w is None or miss:
            die("%s: no %s" % (path, "workload" if w is None else miss[0]))
        rows.append((w, [float(v[k]) for k in keys]))
    rows.sort(key=lambda r: (-r[1][0], r[0]))
    with open(a.csv, "w") as f:
        f.write("workload," + ",".join(CATS) + ",elapsed\n")
        for w, x in rows:
            f.write(w + "," + ",".join("%.3f" % y for y in x) + "\n")
    if a.plot:
        fd, dat = tempfile.mkstemp(suffix=".dat")
        with os.fdopen(fd, "w") as f:
            for w, x in rows:
                el = x[-1] or 1.0
                f.write(w + " " + " ".join("%.5f" % (y / el) for y in x[:-1]) + "\n")
        gp = ['set terminal pngcairo size 1100,450 noenhanced font "sans,10"',
              'set output "%s"' % a.plot,
              'set style data histograms', 'set style histogram rowstacked',
              'set style fill solid 0.85 border -1', 'set boxwidth 0.8',
              'set ylabel "share of warp cycles"', 'set yrange [0:1]', 'set grid ytics',
              'set key outside right top vertical', 'set xtics rotate by -30',
              'set title "Stall-attribution probe per workload (%s)"' %
              ("whole run" if a.kernel == "run" else "kernel launch " + a.kernel),
              'plot ' + ", ".join('"%s" u %d%s t "%s" lc rgb "%s"' %
                                  (dat, i + 2, ":xtic(1)" if i == 0 else "", LABELS[i], COLORS[i])
                                  for i in range(len(CATS)))]
        p = subprocess.run(["gnuplot"], input="\n".join(gp) + "\n", capture_output=True, text=True)
        os.remove(dat)
        if p.returncode != 0:
            print(p.stderr, file=sys.stderr)
            die("gnuplot failed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
