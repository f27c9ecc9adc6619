#!/usr/bin/env python3
"""The DYNCTA reproduction tables (docs/units/dyncta.md) from a sweep's output.

usage: scripts/dyncta-report.py RUNS/EXPERIMENT [--config NAME] [--plots DIR]

Reads RUNS/EXPERIMENT/<workload>/<config>/<variant>/stats.json of a sweep whose
variants are `max` (the baseline, n = N), `n1`..`n7` (cta_scheduler.policy
static with that limit), `dyncta` and `tl` (experiments/dyncta30.yaml), and
prints Markdown:

  - per workload: N, the best static limit (opt) and its speedup, the speedup
    of n = 1, DYNCTA and TL over n = N, DYNCTA's average n; arithmetic and
    geometric means (spec/dyncta.md §6.1, §6.2);
  - per workload: RACT, L1D miss rate and memory round trip under n = N,
    n = 1, opt and DYNCTA, with means.

N is the kernels' occupancy limit (`ctas_per_sm` of the n = N run), averaged
over the kernels weighted by their cycles; a static limit L gives
min(L, N) per kernel the same way. DYNCTA's average n is `dyncta.avg_n_issuing`
(while the kernel had CTAs left to issue, as the paper's Fig. 9), or
`dyncta.avg_n` when the kernels never had CTAs waiting. With --plots DIR it
also writes dyncta-speedup.{dat,gp} and dyncta-n.{dat,gp} there and runs
gnuplot on them (SVG and PNG).

Variants other than these are reported as extra speedup columns (any that
exist under the same workload), e.g. the sensitivity experiment's.
"""
import json
import math
import os
import subprocess
import sys

STATIC = ["n%d" % i for i in range(1, 8)]


def load(path):
    try:
        with open(path) as f:
            return json.load(f)
    except (OSError, ValueError):
        return None


def weighted_n(stats):
    """Cycle-weighted mean of ctas_per_sm over the run's kernels."""
    tot = acc = 0
    for k in stats.get("kernels", []):
        c = k.get("cycles", 0)
        tot += c
        acc += c * k.get("ctas_per_sm", 0)
    return acc / tot if tot else 0.0


def gmean(xs):
    xs = [x for x in xs if x and x > 0]
    return math.exp(sum(math.log(x) for x in xs) / len(xs)) if xs else float("nan")


def amean(xs):
    xs = [x for x in xs if x is not None]
    return sum(xs) / len(xs) if xs else float("nan")


def fmt(x, p=2):
    if x is None or (isinstance(x, float) and math.isnan(x)):
        return "-"
    return ("%." + str(p) + "f") % x


def main(argv):
    args = argv[1:]
    if not args or args[0] in ("-h", "--help"):
        print(__doc__)
        return 2
    root = args[0]
    config = None
    plots = None
    i = 1
    while i < len(args):
        if args[i] == "--config" and i + 1 < len(args):
            config = args[i + 1]
            i += 2
        elif args[i] == "--plots" and i + 1 < len(args):
            plots = args[i + 1]
            i += 2
        else:
            print("dyncta-report: unknown argument %s" % args[i], file=sys.stderr)
            return 2
    workloads = sorted(d for d in os.listdir(root) if os.path.isdir(os.path.join(root, d))
                       and d != "plots")
    rows = []
    extra_variants = []
    for w in workloads:
        wdir = os.path.join(root, w)
        cfgs = sorted(os.listdir(wdir))
        cfg = config if config else (cfgs[0] if cfgs else None)
        if cfg is None or not os.path.isdir(os.path.join(wdir, cfg)):
            continue
        vdir = os.path.join(wdir, cfg)
        runs = {}
        for v in sorted(os.listdir(vdir)):
            s = load(os.path.join(vdir, v, "stats.json"))
            if s is not None:
                runs[v] = s
        if "max" not in runs:
            continue
        for v in runs:
            if v not in ["max", "dyncta", "tl"] + STATIC and v not in extra_variants:
                extra_variants.append(v)
        rows.append((w, runs))

    def ipc(runs, v):
        return runs[v]["ipc"] if v in runs else None

    def speed(runs, v):
        b = ipc(runs, "max")
        x = ipc(runs, v)
        return x / b if x is not None and b else None

    table = []
    for w, runs in rows:
        N = weighted_n(runs["max"])
        best_v, best = "max", ipc(runs, "max")
        for v in STATIC:
            x = ipc(runs, v)
            if x is not None and x > best * (1 + 1e-9):
                best_v, best = v, x
        opt_n = weighted_n(runs[best_v])
        d = runs.get("dyncta")
        dn = None
        if d is not None:
            dn = d.get("dyncta.avg_n_issuing", 0.0) or d.get("dyncta.avg_n")
        table.append({
            "w": w, "N": N, "opt_v": best_v, "opt_n": opt_n, "opt": best / ipc(runs, "max"),
            "n1": speed(runs, "n1"), "dyncta": speed(runs, "dyncta"), "tl": speed(runs, "tl"),
            "dn": dn, "runs": runs,
            "extra": {v: speed(runs, v) for v in extra_variants},
        })

    print("### Speedup over n = N (IPC), per workload\n")
    head = "| workload | N | opt n | opt | n = 1 | DYNCTA | DYNCTA avg n | TL |"
    sep = "|---|---|---|---|---|---|---|---|"
    for v in extra_variants:
        head += " %s |" % v
        sep += "---|"
    print(head)
    print(sep)
    for r in table:
        line = "| %s | %s | %s | %s | %s | %s | %s | %s |" % (
            r["w"], fmt(r["N"], 1), fmt(r["opt_n"], 1), fmt(r["opt"], 3), fmt(r["n1"], 3),
            fmt(r["dyncta"], 3), fmt(r["dn"], 2), fmt(r["tl"], 3))
        for v in extra_variants:
            line += " %s |" % fmt(r["extra"][v], 3)
        print(line)
    for name, f in (("mean", amean), ("geomean", gmean)):
        line = "| **%s** | %s | %s | %s | %s | %s | %s | %s |" % (
            name, fmt(amean([r["N"] for r in table]), 2), fmt(amean([r["opt_n"] for r in table]), 2),
            fmt(f([r["opt"] for r in table]), 3), fmt(f([r["n1"] for r in table]), 3),
            fmt(f([r["dyncta"] for r in table]), 3), fmt(amean([r["dn"] for r in table]), 2),
            fmt(f([r["tl"] for r in table]), 3))
        for v in extra_variants:
            line += " %s |" % fmt(f([r["extra"][v] for r in table]), 3)
        print(line)
    opt_gain5 = sum(1 for r in table if r["opt"] > 1.05)
    opt_gain10 = sum(1 for r in table if r["opt"] > 1.10)
    d_ge_opt = sum(1 for r in table if r["dyncta"] is not None and r["dyncta"] >= r["opt"] * 0.995)
    d_loss2 = [r["w"] for r in table if r["dyncta"] is not None and r["dyncta"] < 0.98]
    print("\n%d workloads; opt > +5%%: %d, > +10%%: %d; DYNCTA within 0.5%% of opt or better: "
          "%d; DYNCTA losses over 2%%: %s" % (len(table), opt_gain5, opt_gain10, d_ge_opt,
                                                ", ".join(d_loss2) if d_loss2 else "none"))

    print("\n### RACT, L1D miss rate and memory round trip (cycles)\n")
    print("| workload | RACT N | RACT 1 | RACT opt | RACT DYNCTA | L1D miss N | L1D miss 1 "
          "| L1D miss DYNCTA | round trip N | round trip 1 | round trip DYNCTA |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    cols = {k: [] for k in range(10)}
    for r in table:
        runs = r["runs"]

        def g(v, key):
            return runs[v].get(key) if v in runs else None
        vals = [g("max", "sm.ract"), g("n1", "sm.ract"), g(r["opt_v"], "sm.ract"),
                g("dyncta", "sm.ract"), g("max", "l1d.miss_rate"), g("n1", "l1d.miss_rate"),
                g("dyncta", "l1d.miss_rate"), g("max", "mem.avg_round_trip_cycles"),
                g("n1", "mem.avg_round_trip_cycles"), g("dyncta", "mem.avg_round_trip_cycles")]
        for k, x in enumerate(vals):
            cols[k].append(x)
        print("| %s | %s |" % (r["w"], " | ".join(fmt(x, 2 if k < 7 else 0)
                                                   for k, x in enumerate(vals))))
    print("| **mean** | %s |" % " | ".join(fmt(amean(cols[k]), 2 if k < 7 else 0)
                                          for k in range(10)))

    if plots:
        os.makedirs(plots, exist_ok=True)
        with open(os.path.join(plots, "dyncta-speedup.dat"), "w") as f:
            f.write("# workload opt dyncta tl\n")
            for r in table:
                f.write("%s %.4f %.4f %.4f\n" % (r["w"], r["opt"], r["dyncta"] or 0, r["tl"] or 0))
            f.write("geomean %.4f %.4f %.4f\n" % (gmean([r["opt"] for r in table]),
                                                 gmean([r["dyncta"] for r in table]),
                                                 gmean([r["tl"] for r in table])))
        with open(os.path.join(plots, "dyncta-n.dat"), "w") as f:
            f.write("# workload N opt_n dyncta_avg_n\n")
            for r in table:
                f.write("%s %.3f %.3f %.3f\n" % (r["w"], r["N"], r["opt_n"], r["dn"] or 0))
        gp = {
            "dyncta-speedup": ("IPC over n = N", "opt (best static n)", "DYNCTA", "TL (two-level)",
                               "dyncta-speedup.dat", True),
            "dyncta-n": ("CTAs per SM", "N", "opt n", "DYNCTA average n", "dyncta-n.dat", False),
        }
        for name, (ylab, a, b, c, dat, one) in gp.items():
            with open(os.path.join(plots, name + ".gp"), "w") as f:
                for term, ext in (("svg size 1000,360 dynamic", "svg"),
                                  ("pngcairo size 1000,360", "png")):
                    f.write("set terminal %s\nset output '%s.%s'\n" % (term, name, ext))
                    f.write("set style data histograms\nset style histogram cluster gap 1\n"
                            "set style fill solid 0.8 border -1\nset boxwidth 0.9\n"
                            "set xtics rotate by -45 nomirror\nset key top left\n"
                            "set grid ytics\nset ylabel '%s'\n" % ylab)
                    if one:
                        f.write("set arrow from graph 0, first 1 to graph 1, first 1 nohead dt 2\n")
                    f.write("plot '%s' using 2:xtic(1) title '%s', '' using 3 title '%s', "
                            "'' using 4 title '%s'\n" % (dat, a, b, c))
                    if one:
                        f.write("unset arrow\n")
            subprocess.call(["gnuplot", name + ".gp"], cwd=plots)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
