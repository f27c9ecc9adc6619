#!/usr/bin/env python3
"""The occupancy-bubble controller's reproduction (docs/units/dvfs.md, spec §5.4) from sweeps of
experiments/dvfs-small.yaml or dvfs-paper.yaml and experiments/dvfs-bfs-case.yaml.

usage: scripts/dvfs-report.py RUNS [--names EXP[,CASE]] [--long EXP] [--csv PREFIX]
                              [--plot PREFIX]

--long EXP takes each pair's runs from EXP (experiments/dvfs-paper-long.yaml: longer runs of the
pairs whose first 20M instructions end before their tails) where EXP has them.

Reads RUNS/<experiment>/<label>/k20c/<variant>/stats.json and prints Markdown tables:

1. Per workload of Table 7 (DTBL + Adaptive-Bind, k20c): the baseline's cycles, mean power,
   bubble occurrence (share of (SM, sample) pairs with a mean occupancy below T = 0.0625 while a
   kernel runs) and the saving of ideal power gating of bubble SMs; then, for the controller at
   P = 500, P = 10,000 and without draining, the energy saving and the performance loss against
   the baseline, both per thread instruction (a run cut at an instruction budget stops within a
   few instructions of it: the ratios compare the same work). The seed's groups (spec §4.3) and
   their means: group 1 occurrence 32.7%, ideal gating 24.5%, P = 500 saves 15.9% energy at 6.7%
   performance loss; group 2 4.1%, 1.1%, 1.0% at 0.5%.
2. The BFS case study (spec §5.4): DTBL against persistent threads (and flat), cycles, mean
   power, energy (the seed: DTBL 117.6 W and 138.5K cycles, PT 135.96 W and 163.5K cycles).

--csv PREFIX writes PREFIX-dvfs.csv and PREFIX-bfs-case.csv; --plot PREFIX draws
PREFIX-dvfs.png (energy saving and performance loss per workload at P = 500) with gnuplot.
"""
import argparse
import json
import os
import subprocess
import sys

CONFIG = "k20c"
T7 = ["amr", "bht", "bfs_dp-citation", "bfs_dp-graph500", "bfs_dp-cage15", "clr_dp-citation",
      "clr_dp-graph500", "clr_dp-cage15", "regx-darpa", "regx-string", "pre", "join-uniform",
      "join-gaussian", "sssp_dp-citation", "sssp_dp-graph500", "sssp_dp-cage15"]
# spec §4.3: the seed's group 2 (few bubbles); the rest are group 1.
GROUP2 = {"bfs_dp-graph500", "clr_dp-graph500", "sssp_dp-graph500", "regx-darpa", "regx-string",
          "pre", "join-uniform"}
SCHEMES = [("p500", "P=500"), ("p10000", "P=10000"), ("nodrain", "no drain")]
SEED = {1: {"occ": 32.7, "ideal": 24.5, "p500": (15.9, 6.7)},
        2: {"occ": 4.1, "ideal": 1.1, "p500": (1.0, 0.5)}}


def die(msg):
    print("dvfs-report.py: error: " + msg, file=sys.stderr)
    sys.exit(2)


def stats(root, exp, lab, variant):
    p = os.path.join(root, exp, lab, CONFIG, variant, "stats.json")
    if not os.path.exists(p):
        return None
    with open(p) as f:
        try:
            return json.load(f)
        except ValueError:
            die("%s is not complete JSON (is the sweep finished?)" % p)


def get(s, key):
    if s is None:
        return None
    v = s.get(key)
    if v is None and "run" in s:
        v = s["run"].get(key)
    return v


def mean(xs):
    xs = [x for x in xs if x is not None]
    return sum(xs) / len(xs) if xs else None


def fmt(x, spec="%.1f"):
    return "-" if x is None else spec % x


def per_inst(s, key):
    v, n = get(s, key), get(s, "thread_insts")
    return v / n if v is not None and n else None


def main():
    ap = argparse.ArgumentParser(add_help=True)
    ap.add_argument("runs")
    ap.add_argument("--names", default="dvfs-small,dvfs-bfs-case")
    ap.add_argument("--long")
    ap.add_argument("--csv")
    ap.add_argument("--plot")
    a = ap.parse_args()
    names = a.names.split(",")
    exp = names[0]
    case = names[1] if len(names) > 1 else None
    if not os.path.isdir(os.path.join(a.runs, exp)):
        die("no %s in %s (run the sweep first)" % (exp, a.runs))
    rows = []
    for lab in T7:
        src = exp
        if a.long and stats(a.runs, a.long, lab, "base") is not None:
            src = a.long
        base = stats(a.runs, src, lab, "base")
        r = {"label": lab, "group": 2 if lab in GROUP2 else 1}
        if base is None:
            rows.append(r)
            continue
        r["cycles"] = get(base, "cycles")
        r["stopped"] = get(base, "stopped_by") not in (None, "none")
        r["insts"] = get(base, "thread_insts")
        r["avg_w"] = get(base, "power.avg_w")
        occ = get(base, "power.bubble_occurrence")
        r["occ"] = occ * 100 if occ is not None else None
        ideal = get(base, "power.ideal_gating_saving")
        r["ideal"] = ideal * 100 if ideal is not None else None
        e0, c0 = per_inst(base, "power.energy_uj"), per_inst(base, "cycles")
        for v, _ in SCHEMES:
            s = stats(a.runs, src, lab, v)
            e, c = per_inst(s, "power.energy_uj"), per_inst(s, "cycles")
            r[v] = (None if e is None or not e0 else (1 - e / e0) * 100,
                    None if c is None or not c0 else (c / c0 - 1) * 100)
        rows.append(r)
    print("## %s: the bubble controller against DTBL + Adaptive-Bind (k20c)\n" % exp)
    print("energy saving / performance loss in %, per thread instruction; occurrence and ideal "
          "gating from the baseline run\n")
    hdr = ["workload", "group", "run", "base cycles", "base W", "bubbles %", "ideal gating %"]
    for _, n in SCHEMES:
        hdr += [n + " energy -%", n + " perf -%"]
    print("| " + " | ".join(hdr) + " |")
    print("|" + "---|" * len(hdr))
    for r in rows:
        cells = [r["label"], str(r["group"]),
                 ("cut %dM" % round(r["insts"] / 1e6)) if r.get("stopped") else "whole",
                 fmt(r.get("cycles"), "%d") if r.get("cycles") is not None else "-",
                 fmt(r.get("avg_w")), fmt(r.get("occ")), fmt(r.get("ideal"))]
        for v, _ in SCHEMES:
            es, pl = r.get(v, (None, None))
            cells += [fmt(es), fmt(pl)]
        print("| " + " | ".join(cells) + " |")
    for g in (1, 2):
        sel = [r for r in rows if r["group"] == g and "cycles" in r]
        cells = ["**mean, group %d**" % g, str(g), "", "", fmt(mean([r.get("avg_w") for r in sel])),
                 fmt(mean([r.get("occ") for r in sel])), fmt(mean([r.get("ideal") for r in sel]))]
        for v, _ in SCHEMES:
            cells += [fmt(mean([r.get(v, (None, None))[0] for r in sel])),
                      fmt(mean([r.get(v, (None, None))[1] for r in sel]))]
        print("| " + " | ".join(cells) + " |")
        sd = SEED[g]
        cells = ["seed, group %d" % g, str(g), "", "", "", "%.1f" % sd["occ"], "%.1f" % sd["ideal"],
                 "%.1f" % sd["p500"][0], "%.1f" % sd["p500"][1], "", "", "", ""]
        print("| " + " | ".join(cells) + " |")
    print()
    if a.csv:
        with open(a.csv + "-dvfs.csv", "w") as f:
            f.write("workload,group,run,base_cycles,base_w,bubble_pct,ideal_gating_pct")
            for v, _ in SCHEMES:
                f.write(",%s_energy_saving_pct,%s_perf_loss_pct" % (v, v))
            f.write("\n")
            for r in rows:
                vals = [r["label"], str(r["group"]), "cut" if r.get("stopped") else "whole",
                        fmt(r.get("cycles"), "%d") if r.get("cycles") is not None else "",
                        fmt(r.get("avg_w"), "%.3f"), fmt(r.get("occ"), "%.3f"),
                        fmt(r.get("ideal"), "%.3f")]
                for v, _ in SCHEMES:
                    es, pl = r.get(v, (None, None))
                    vals += [fmt(es, "%.3f"), fmt(pl, "%.3f")]
                f.write(",".join(x if x != "-" else "" for x in vals) + "\n")
    if case and os.path.isdir(os.path.join(a.runs, case)):
        print("## %s: BFS (citation), DTBL against persistent threads (k20c, Adaptive-Bind)\n" % case)
        print("| version | controller | cycles | mean W | energy uJ | bubbles % |")
        print("|---|---|---|---|---|---|")
        out = []
        for lab in ("bfs-dtbl", "bfs-pt", "bfs-flat"):
            for v in ("base", "p500"):
                s = stats(a.runs, case, lab, v)
                if s is None:
                    continue
                occ = get(s, "power.bubble_occurrence")
                row = [lab[4:], "off" if v == "base" else "P=500", "%d" % get(s, "cycles"),
                       fmt(get(s, "power.avg_w")), fmt(get(s, "power.energy_uj")),
                       fmt(occ * 100 if occ is not None else None)]
                out.append(row)
                print("| " + " | ".join(row) + " |")
        print("| seed: DTBL | off | 138500 | 117.6 | | |")
        print("| seed: PT | off | 163500 | 136.0 | | |")
        print()
        if a.csv:
            with open(a.csv + "-bfs-case.csv", "w") as f:
                f.write("version,controller,cycles,avg_w,energy_uj,bubble_pct\n")
                for row in out:
                    f.write(",".join(row) + "\n")
    if a.plot:
        dat = a.plot + "-dvfs.dat"
        with open(dat, "w") as f:
            f.write("workload energy_saving perf_loss\n")
            for r in rows:
                es, pl = r.get("p500", (None, None))
                f.write("%s %s %s\n" % (r["label"], fmt(es, "%.3f"), fmt(pl, "%.3f")))
        gp = ("set terminal pngcairo size 1000,480 noenhanced font 'sans,10'\n"
              "set output '%s-dvfs.png'\nset style data histograms\n"
              "set style histogram clustered gap 1\nset style fill solid 0.8 border -1\n"
              "set datafile missing '-'\nset xtics rotate by -40\nset grid ytics\n"
              "set ylabel '%%'\nset key top left\n"
              "set title 'bubble controller, P = 500: energy saving and performance loss "
              "against DTBL + Adaptive-Bind (%s)'\n"
              "plot '%s' using 2:xtic(1) title columnheader(2), '' using 3 title columnheader(3)\n"
              % (a.plot, exp, dat))
        r = subprocess.run(["gnuplot"], input=gp.encode(), capture_output=True)
        if r.returncode != 0:
            die("gnuplot failed: " + r.stderr.decode()[:300])
        os.remove(dat)


if __name__ == "__main__":
    main()
