#!/usr/bin/env python3
"""HeteroPDP's results from a measured data directory (simtref hetero measure, fit).

usage: scripts/hetero-report.py DIR OUT_PREFIX [--simtref PATH]

Reads DIR/data.csv and DIR/predictions.csv (simtref hetero fit DIR), runs
`simtref hetero evaluate DIR --csv OUT_PREFIX-decisions.csv`, and writes:
  OUT_PREFIX-evaluation.md   the fit's and the evaluation's tables, and the
                             per-benchmark times alone
  OUT_PREFIX-times.png       held-out predicted against measured time, log-log,
                             one series per model (the Accel-Sim correlator's view)
  OUT_PREFIX-devices.png     CPU time / GPU time alone per benchmark (medium size)
Nothing is written when an input is missing or malformed (exit status 2).
"""
import csv
import os
import subprocess
import sys


def die(msg):
    print("hetero-report: error: " + msg, file=sys.stderr)
    sys.exit(2)


def read_csv(path):
    try:
        with open(path, newline="") as f:
            return list(csv.DictReader(f))
    except OSError as e:
        die("%s: %s" % (path, e.strerror))


def gnuplot(script):
    r = subprocess.run(["gnuplot"], input=script.encode(), capture_output=True)
    if r.returncode != 0:
        die("gnuplot failed: " + r.stderr.decode()[:300])


def main():
    args = sys.argv[1:]
    simtref = "simtref"
    if "--simtref" in args:
        i = args.index("--simtref")
        if i + 1 >= len(args):
            die("--simtref needs a path")
        simtref = args[i + 1]
        del args[i:i + 2]
    if len(args) != 2:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    d, prefix = args
    data = read_csv(os.path.join(d, "data.csv"))
    fit = subprocess.run([simtref, "hetero", "fit", d], capture_output=True, text=True)
    if fit.returncode != 0:
        die("simtref hetero fit: " + fit.stderr.strip())
    preds = read_csv(os.path.join(d, "predictions.csv"))
    ev = subprocess.run([simtref, "hetero", "evaluate", d, "--csv", prefix + "-decisions.csv"],
                        capture_output=True, text=True)
    if ev.returncode != 0:
        die("simtref hetero evaluate: " + ev.stderr.strip())
    paper = subprocess.run([simtref, "hetero", "evaluate", d, "--models", "paper"],
                           capture_output=True, text=True)
    alone = [r for r in data if r["corunner"] == "-"]
    with open(prefix + "-evaluation.md", "w") as out:
        out.write("# HeteroPDP on this host: fit and evaluation\n\n")
        out.write("```\n" + fit.stdout.strip() + "\n```\n\n")
        out.write("```\n" + ev.stdout.strip() + "\n```\n\n")
        out.write("With the dissertation's own coefficients (Appendix A; units not stated):\n\n")
        out.write("```\n" + paper.stdout.strip() + "\n```\n\n")
        out.write("| benchmark | size | CPU s | GPU s (kernels + copies) | CPU / GPU |\n")
        out.write("|---|---|---|---|---|\n")
        for r in alone:
            c, g = float(r["cpu_s"]), float(r["gpu_s"])
            out.write("| %s | %s | %.6f | %.6f (%.6f + %.6f) | %.2f |\n" % (
                r["workload"], r["size"], c, g, float(r["gpu_kernel_s"]),
                float(r["gpu_xfer_s"]), c / g if g > 0 else float("nan")))
    # Held-out predictions against measurements.
    series = {}
    for p in preds:
        m, p_s, y = p["model"], float(p["predicted_s"]), float(p["measured_s"])
        if y > 0:
            series.setdefault(m, []).append((y, max(p_s, y * 1e-3)))
    dat = prefix + "-times.dat"
    with open(dat, "w") as f:
        for m in sorted(series):
            f.write("# %s\n" % m)
            for y, p_s in series[m]:
                f.write("%.9g %.9g\n" % (y, p_s))
            f.write("\n\n")
    lo = min(min(y, p) for s in series.values() for y, p in s)
    hi = max(max(y, p) for s in series.values() for y, p in s)
    plots = ", ".join("'%s' index %d using 1:2 with points pt 7 ps 0.6 title '%s'" % (dat, i, m)
                      for i, m in enumerate(sorted(series)))
    gnuplot("""set terminal pngcairo size 900,700 noenhanced
set output '%s-times.png'
set logscale xy
set xlabel 'measured time (s)'
set ylabel 'predicted time, held out (s)'
set title 'HeteroPDP: held-out predictions against measurements (32-fold by benchmark)'
set key left top
set xrange [%g:%g]
set yrange [%g:%g]
plot %s, x title 'exact' lw 1 lc rgb 'black', 1.2*x notitle dt 2 lc rgb 'gray', x/1.2 notitle dt 2 lc rgb 'gray'
""" % (prefix, lo / 2, hi * 2, lo / 2, hi * 2, plots))
    os.remove(dat)
    # CPU / GPU alone per benchmark at the medium size.
    med = sorted(((r["workload"], float(r["cpu_s"]) / float(r["gpu_s"])) for r in alone
                  if r["size"] == "medium" and float(r["gpu_s"]) > 0), key=lambda x: x[1])
    dat = prefix + "-devices.dat"
    with open(dat, "w") as f:
        for i, (w, ratio) in enumerate(med):
            f.write("%d %s %.6g\n" % (i, w, ratio))
    gnuplot("""set terminal pngcairo size 1200,500 noenhanced
set output '%s-devices.png'
set logscale y
set ylabel 'CPU time / GPU time, alone (above 1: the GPU is faster)'
set title 'Each benchmark at the medium size: this host (CPU version) against the simulated GPU'
set style fill solid 0.6
set boxwidth 0.7
set xtics rotate by 90 font ',8'
unset key
plot '%s' using 1:3:xtic(2) with boxes lc rgb '#4070a0', 1 with lines lc rgb 'black'
""" % (prefix, dat))
    os.remove(dat)
    print("hetero-report: %s-evaluation.md, %s-times.png, %s-devices.png, %s-decisions.csv" %
          (prefix, prefix, prefix, prefix))


if __name__ == "__main__":
    main()
