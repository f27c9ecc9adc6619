#!/usr/bin/env python3
"""Per-warp latency breakdown of one CTA (Fig 3.4's form) from criticality profiles.

usage: caws-warps-plot.py --launch N [--cta C] --csv OUT.csv [--plot OUT.png]
                          NAME=PROFILE.csv...

Each PROFILE.csv is a `simtref run ... --profile-criticality FILE` output. For launch N and
CTA C (default: the CTA of launch N whose warps' execution times differ most, (S - F) / S, in
the first profile) it writes one CSV row per profile and warp: the warp's execution time
(CTA launch to its exit) and its nine probe categories (cycles, launch to the CTA's
retirement); --plot draws them as stacked bars per warp, one group per profile, with each
warp's execution time marked (gnuplot). Exit status 2 for bad usage or a file that is not a
profile.
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
    print("caws-warps-plot: " + msg, file=sys.stderr)
    sys.exit(2)


def read(path, launch):
    """{cta: {warp: [time, cat...]}} of one launch."""
    out = {}
    try:
        with open(path) as f:
            if f.readline().rstrip("\n") != "# simtref criticality profile v1":
                die("%s: not a criticality profile" % path)
            for line in f:
                if line.startswith("#") or line.startswith("launch,"):
                    continue
                x = line.rstrip("\n").split(",")
                if len(x) != 15:
                    die("%s: a row without 15 fields" % path)
                if int(x[0]) == launch:
                    out.setdefault(int(x[2]), {})[int(x[3])] = [int(v) for v in x[5:]]
    except OSError as e:
        die("%s: %s" % (path, e.strerror))
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--launch", type=int, required=True)
    ap.add_argument("--cta", type=int)
    ap.add_argument("--csv", required=True)
    ap.add_argument("--plot")
    ap.add_argument("profiles", nargs="+")
    a = ap.parse_args()
    runs = []
    for spec in a.profiles:
        if "=" not in spec:
            die("expected NAME=PROFILE.csv, got %s" % spec)
        name, path = spec.split("=", 1)
        runs.append((name, read(path, a.launch)))
    first = runs[0][1]
    if not first:
        die("launch %d is not in %s" % (a.launch, a.profiles[0]))
    cta = a.cta
    if cta is None:
        def disp(c):
            t = [w[0] for w in first[c].values()]
            return ((max(t) - min(t)) / max(t) if max(t) else 0.0, -c)
        cta = max(first, key=disp)
    for name, r in runs:
        if cta not in r:
            die("%s: launch %d has no CTA %d" % (name, a.launch, cta))
    with open(a.csv, "w") as f:
        f.write("run,launch,cta,warp,time," + ",".join(CATS) + "\n")
        for name, r in runs:
            for w in sorted(r[cta]):
                f.write("%s,%d,%d,%d,%s\n" % (name, a.launch, cta, w,
                                              ",".join(str(v) for v in r[cta][w])))
    print("launch %d CTA %d" % (a.launch, cta))
    for name, r in runs:
        t = {w: v[0] for w, v in r[cta].items()}
        crit = max(t, key=lambda w: (t[w], -w))
        print("  %s: slowest warp %d (%d cycles), fastest %d cycles, mean %.0f" %
              (name, crit, t[crit], min(t.values()), sum(t.values()) / len(t)))
    if a.plot:
        dats = []
        for name, r in runs:
            fd, dat = tempfile.mkstemp(suffix=".dat")
            with os.fdopen(fd, "w") as f:
                for w in sorted(r[cta]):
                    v = r[cta][w]
                    f.write("w%d %s\n" % (w, " ".join(str(x) for x in v[1:] + [v[0]])))
            dats.append((name, dat))
        parts = []
        for k, (name, dat) in enumerate(dats):
            items = []
            for i in range(len(CATS)):
                items.append('"%s" u %d%s %s lc rgb "%s"' %
                             (dat, i + 2, ":xtic(1)" if i == 0 else "",
                              't "%s"' % LABELS[i] if k == 0 else "notitle", COLORS[i]))
            parts.append('newhistogram "%s", ' % name + ", ".join(items))
        gp = ['set terminal pngcairo size 1200,480 noenhanced font "sans,10"',
              'set output "%s"' % a.plot,
              'set style data histograms', 'set style histogram rowstacked',
              'set style fill solid 0.85 border -1', 'set boxwidth 0.8',
              'set ylabel "cycles (launch to the CTA\'s retirement)"', 'set grid ytics',
              'set key outside right top vertical', 'set xtics rotate by -90 font ",8"',
              'set title "Per-warp breakdown, launch %d, CTA %d (%s)"' %
              (a.launch, cta, ", ".join(n for n, _ in runs)),
              'plot ' + ", ".join(parts)]
        p = subprocess.run(["gnuplot"], input="\n".join(gp) + "\n", capture_output=True,
                           text=True)
        for _, dat in dats:
            os.remove(dat)
        if p.returncode != 0:
            print(p.stderr, file=sys.stderr)
            die("gnuplot failed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
