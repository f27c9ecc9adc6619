#!/usr/bin/env python3
"""The CAWS table of docs/latency-study.md (Table 3.3's form) from criticality profiles.

usage: caws-table.py --base BASE.csv [--stats-dir DIR] [--launch N] [--min-disparity P]
                     POLICY=PROFILE.csv...

BASE.csv is the round-robin run's profile (`simtref run W -s sm.warp_scheduler=lrr
--profile-criticality BASE.csv --stats DIR/lrr.txt`), the oracle of the CAWS runs; each
POLICY=PROFILE.csv another run's profile (with --stats DIR/POLICY.txt beside it when
--stats-dir is given, for the cycles of each launch and of the whole run).

For each policy, over the launches compared (every launch, and launch N alone), it prints:
  speedup     baseline cycles / policy cycles (statistics `cycles`, `kernel.N.cycles`)
  inversion   share of CTAs (of two or more warps) whose slowest warp in the policy's run is
              not the warp the oracle has slowest (ties in the run: any slowest warp counts
              as the oracle's when it is among them), as the caws.inversion statistic;
              also over CTAs whose oracle disparity (S - F) / S is at least P (default 0.1)
  crit        change of the oracle-critical warps' mean execution time against the baseline
  cta         change of the CTAs' mean execution time (their slowest warp's) against the
              baseline
Exit status 2 for bad usage or a file that is not a profile.
"""
import argparse
import os
import sys


def die(msg):
    print("caws-table: " + msg, file=sys.stderr)
    sys.exit(2)


def read_profile(path):
    """{(launch, cta): {warp: time}} and {launch: kernel}."""
    ctas, kernels = {}, {}
    try:
        with open(path) as f:
            first = f.readline().rstrip("\n")
            if first != "# simtref criticality profile v1":
                die("%s: not a criticality profile" % path)
            for line in f:
                if line.startswith("#") or line.startswith("launch,"):
                    continue
                x = line.rstrip("\n").split(",")
                launch, cta, warp, time = int(x[0]), int(x[2]), int(x[3]), int(x[5])
                kernels[launch] = x[1]
                ctas.setdefault((launch, cta), {})[warp] = time
    except OSError as e:
        die("%s: %s" % (path, e.strerror))
    return ctas, kernels


def read_stats(path):
    vals = {}
    try:
        with open(path) as f:
            for line in f:
                if "=" in line:
                    k, v = line.split("=", 1)
                    vals[k.strip()] = v.strip()
    except OSError as e:
        die("%s: %s" % (path, e.strerror))
    return vals


def oracle_crit(w):
    """The oracle's slowest warp: the lowest index among the slowest (as the SM takes it)."""
    top = max(w.values())
    return min(k for k, t in w.items() if t == top)


def compare(base, run, launches, min_disp):
    n = inv = n_d = inv_d = 0
    crit_b = crit_r = cta_b = cta_r = 0
    for key, wb in base.items():
        if key[0] not in launches or len(wb) < 2 or key not in run:
            continue
        wr = run[key]
        c = oracle_crit(wb)
        slow = max(wr.values())
        inverted = wr[c] != slow
        n += 1
        inv += inverted
        smax, smin = max(wb.values()), min(wb.values())
        if smax and (smax - smin) / smax >= min_disp:
            n_d += 1
            inv_d += inverted
        crit_b += wb[c]
        crit_r += wr[c]
        cta_b += smax
        cta_r += slow
    return {"ctas": n, "inversion": inv / n if n else 0.0, "ctas_disp": n_d,
            "inversion_disp": inv_d / n_d if n_d else 0.0,
            "crit": crit_r / crit_b - 1 if crit_b else 0.0,
            "cta": cta_r / cta_b - 1 if cta_b else 0.0}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--base", required=True)
    ap.add_argument("--stats-dir")
    ap.add_argument("--launch", type=int)
    ap.add_argument("--min-disparity", type=float, default=0.1)
    ap.add_argument("runs", nargs="+")
    a = ap.parse_args()
    base, kernels = read_profile(a.base)
    sb = read_stats(os.path.join(a.stats_dir, "lrr.txt")) if a.stats_dir else None
    scopes = [("all", set(kernels))]
    if a.launch is not None:
        scopes.append(("launch %d" % a.launch, {a.launch}))
    print("| policy | launches | speedup | inversion | inversion (disparity >= %.0f%%) | "
          "critical warp time | CTA time |" % (100 * a.min_disparity))
    print("|---|---|---|---|---|---|---|")
    for spec in a.runs:
        if "=" not in spec:
            die("expected POLICY=PROFILE.csv, got %s" % spec)
        pol, path = spec.split("=", 1)
        run, _ = read_profile(path)
        sr = read_stats(os.path.join(a.stats_dir, pol + ".txt")) if a.stats_dir else None
        for name, launches in scopes:
            r = compare(base, run, launches, a.min_disparity)
            sp = "-"
            if sb is not None and sr is not None:
                key = "cycles" if name == "all" else "kernel.%d.cycles" % a.launch
                if key in sb and key in sr and float(sr[key]) > 0:
                    sp = "%.3f" % (float(sb[key]) / float(sr[key]))
            print("| %s | %s | %s | %.1f%% (%d CTAs) | %.1f%% (%d CTAs) | %+.1f%% | %+.1f%% |" %
                  (pol, name, sp, 100 * r["inversion"], r["ctas"], 100 * r["inversion_disp"],
                   r["ctas_disp"], 100 * r["crit"], 100 * r["cta"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
