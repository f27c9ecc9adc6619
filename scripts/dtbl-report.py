#!/usr/bin/env python3
"""DTBL's and LaPerm's reproduction (docs/units/dtbl.md, docs/units/laperm.md) from sweeps of
experiments/dtbl-small.yaml, dtbl-small-ideal.yaml, dtbl-agt.yaml and laperm-small.yaml (or
their paper-size twins, named with --names).

usage: scripts/dtbl-report.py RUNS [--paper | --names MAIN,IDEAL,AGT,LAPERM] [--csv PREFIX]
                              [--plot PREFIX] [--inputs TEXT]

--paper reads the paper-size sweeps (experiments/dtbl-paper.yaml, dtbl-agt-paper.yaml,
laperm-paper.yaml, with laperm-paper-whole.yaml's whole runs of amr and join taking the place of
their cut ones; no ideal-launch sweep at paper size, so the CDPI/DTBLI columns are empty) and
titles the plots "paper inputs". The LaPerm table's "run" column says whether a pair's runs are
whole or cut at an instruction budget.

Reads RUNS/<experiment>/<label>/k20c/<variant>/stats.json and prints three Markdown tables:

1. DTBL (spec §5.2) per app and input of Table 6: the flat version's cycles; CDP, DTBL, ideal
   CDP (CDPI) and ideal DTBL (DTBLI, every launch latency 0) as speedups over flat; DTBL over
   CDP; the KDE hit rate (groups that found an eligible kernel); the AGT hit rate (groups that
   found their entry free); groups launched and the share that joined a kernel; the mean wait
   from launch to start of CDP's child kernels and DTBL's groups. Geometric means of the
   speedups (the seed: CDP 0.86x, DTBL 1.21x, DTBL over CDP 1.40x, CDPI 1.43x, DTBLI 1.63x;
   KDE hit rate 0.818, AGT hit rate 0.816).
2. The AGT's size (Fig. 23): DTBL's speedup (IPC ratio: the paper-size runs are cut at an
   instruction budget) with 512 and 2048 entries over 1024 and the AGT hit rate at each (the seed: 512 is 1.31x slower, 2048 1.20x faster; hit rate 0.622 / 0.816).
3. LaPerm (spec §5.3) per app and input of Table 7, for CDP and DTBL: each policy's IPC over
   round robin's and its L1D and L2 hit-rate changes in points (the seed, Adaptive-Bind: IPC
   +6% CDP, +27% DTBL; TB-Pri L2 +6.7 / +8.7 points...). Means: geometric for IPC ratios,
   arithmetic for points.

--csv PREFIX writes PREFIX-dtbl.csv, PREFIX-agt.csv, PREFIX-laperm.csv; --plot PREFIX draws
PREFIX-speedup.png (speedups over flat) and PREFIX-laperm.png (IPC over rr) with gnuplot.
"""
import argparse
import json
import math
import os
import subprocess
import sys

CONFIG = "k20c"
T6 = [("amr", None), ("bht", None), ("bfs_dp", "citation"), ("bfs_dp", "usa_road"),
      ("bfs_dp", "cage15"), ("clr_dp", "citation"), ("clr_dp", "graph500"), ("clr_dp", "cage15"),
      ("regx", "darpa"), ("regx", "string"), ("pre", None), ("join", "uniform"),
      ("join", "gaussian"), ("sssp_dp", "citation"), ("sssp_dp", "flight"),
      ("sssp_dp", "cage15")]
T7 = [("amr", None), ("bht", None), ("bfs_dp", "citation"), ("bfs_dp", "graph500"),
      ("bfs_dp", "cage15"), ("clr_dp", "citation"), ("clr_dp", "graph500"), ("clr_dp", "cage15"),
      ("regx", "darpa"), ("regx", "string"), ("pre", None), ("join", "uniform"),
      ("join", "gaussian"), ("sssp_dp", "citation"), ("sssp_dp", "graph500"),
      ("sssp_dp", "cage15")]
POLICIES = ["tbpri", "smxbind", "adaptive"]


def die(msg):
    print("dtbl-report.py: error: " + msg, file=sys.stderr)
    sys.exit(2)


def label(app, inp):
    return app if inp is None else "%s-%s" % (app, inp)


def stats(root, exp, lab, variant):
    p = os.path.join(root, exp, lab, CONFIG, variant, "stats.json")
    if not os.path.exists(p):
        return None
    with open(p) as f:
        try:
            return json.load(f)
        except ValueError:
            die("%s is not complete JSON (is the sweep finished?)" % p)


def gmean(xs):
    xs = [x for x in xs if x is not None and x > 0]
    return math.exp(sum(math.log(x) for x in xs) / len(xs)) if xs else None


def mean(xs):
    xs = [x for x in xs if x is not None]
    return sum(xs) / len(xs) if xs else None


def ratio(a, b):
    return a / b if a and b else None


def cyc(s):
    return s.get("cycles") if s else None


def ipc(s):
    return s.get("ipc") if s else None


def l2_hit(s):
    """The L2's hit rate on global reads."""
    h = s.get("l2.global_r.hit", 0) + s.get("l2.global_r.hit_reserved", 0)
    m = s.get("l2.global_r.miss", 0)
    return h / (h + m) if h + m else None


STALLS = ["issued", "exit", "barrier", "control", "fetch", "data_mem", "data_alu", "structural",
          "not_selected"]


def occupancy(s):
    """SMX occupancy in % (Fig. 18): resident warps (every warp has one stall class each
    cycle) over the cycles times k20c's 13 SMs x 64 warp slots."""
    if not s or not s.get("cycles"):
        return None
    return 100.0 * sum(s.get("stall." + k, 0) for k in STALLS) / (s["cycles"] * 13 * 64)


def fmt(x, f="%.2f"):
    return "—" if x is None else f % x


def dtbl_table(a, out):
    main, ideal = a.names[0], a.names[1]
    rows = []
    for app, inp in T6:
        lab = label(app, inp)
        fl = stats(a.runs, main, lab + "-flat", "base")
        cd = stats(a.runs, main, lab + "-cdp", "base")
        dt = stats(a.runs, main, lab + "-dtbl", "base")
        ci = stats(a.runs, ideal, lab + "-cdp", "ideal")
        di = stats(a.runs, ideal, lab + "-dtbl", "ideal")
        if fl is None and cd is None and dt is None:
            continue
        r = {"pair": lab, "flat": cyc(fl), "cdp": ratio(cyc(fl), cyc(cd)),
             "dtbl": ratio(cyc(fl), cyc(dt)), "dtbl_cdp": ratio(cyc(cd), cyc(dt)),
             "cdpi": ratio(cyc(fl), cyc(ci)), "dtbli": ratio(cyc(fl), cyc(di)),
             "kde": dt.get("dtbl.kde_hit_rate") if dt else None,
             "agt": dt.get("agt.hit_rate") if dt else None,
             "groups": dt.get("dtbl.groups", 0) if dt else None,
             "joined": (dt.get("dtbl.coalesce_rate") if dt else None),
             "occ_cdp": occupancy(cd), "occ_dtbl": occupancy(dt),
             "cdp_wait": cd.get("cdp.pending_wait_avg") if cd else None,
             "dtbl_wait": dt.get("dtbl.group_wait_avg") if dt else None}
        rows.append(r)
    out.append("| app-input | flat cycles | CDP | DTBL | DTBL/CDP | CDPI | DTBLI | KDE hit | "
               "AGT hit | groups | joined | occ. CDP % | occ. DTBL % | CDP wait | DTBL wait |")
    out.append("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    for r in rows:
        out.append("| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |" % (
            r["pair"], fmt(r["flat"], "%d"), fmt(r["cdp"]), fmt(r["dtbl"]), fmt(r["dtbl_cdp"]),
            fmt(r["cdpi"]), fmt(r["dtbli"]), fmt(r["kde"], "%.3f"), fmt(r["agt"], "%.3f"),
            fmt(r["groups"], "%d"), fmt(r["joined"], "%.3f"), fmt(r["occ_cdp"], "%.1f"),
            fmt(r["occ_dtbl"], "%.1f"), fmt(r["cdp_wait"], "%.0f"), fmt(r["dtbl_wait"], "%.0f")))
    g = {k: gmean([r[k] for r in rows]) for k in ("cdp", "dtbl", "dtbl_cdp", "cdpi", "dtbli")}
    m = {k: mean([r[k] for r in rows if r["groups"]]) for k in ("kde", "agt", "joined")}
    o = {k: mean([r[k] for r in rows]) for k in ("occ_cdp", "occ_dtbl")}
    out.append("| **mean** | | **%s** | **%s** | **%s** | **%s** | **%s** | %s | %s | | %s | %s | %s | | |" % (
        fmt(g["cdp"]), fmt(g["dtbl"]), fmt(g["dtbl_cdp"]), fmt(g["cdpi"]), fmt(g["dtbli"]),
        fmt(m["kde"], "%.3f"), fmt(m["agt"], "%.3f"), fmt(m["joined"], "%.3f"),
        fmt(o["occ_cdp"], "%.1f"), fmt(o["occ_dtbl"], "%.1f")))
    out.append("| *seed (§5.2)* | | *0.86* | *1.21* | *1.40* | *1.43* | *1.63* | *0.818* | "
               "*0.816* | | | | | | |")
    return rows, g


def agt_table(a, out):
    exp = a.names[2]
    rows = []
    for app, inp in T6:
        lab = label(app, inp) + "-dtbl"
        s = {v: stats(a.runs, exp, lab, "agt%d" % v) for v in (512, 1024, 2048)}
        if s[1024] is None:
            continue
        rows.append({"pair": label(app, inp),
                     "s512": ratio(ipc(s[512]), ipc(s[1024])),
                     "s2048": ratio(ipc(s[2048]), ipc(s[1024])),
                     "h512": s[512].get("agt.hit_rate") if s[512] else None,
                     "h1024": s[1024].get("agt.hit_rate"),
                     "h2048": s[2048].get("agt.hit_rate") if s[2048] else None})
    out.append("| app-input | 512 / 1024 | 2048 / 1024 | AGT hit 512 | 1024 | 2048 |")
    out.append("|---|---|---|---|---|---|")
    for r in rows:
        out.append("| %s | %s | %s | %s | %s | %s |" % (
            r["pair"], fmt(r["s512"]), fmt(r["s2048"]), fmt(r["h512"], "%.3f"),
            fmt(r["h1024"], "%.3f"), fmt(r["h2048"], "%.3f")))
    out.append("| **mean** | **%s** | **%s** | %s | %s | %s |" % (
        fmt(gmean([r["s512"] for r in rows])), fmt(gmean([r["s2048"] for r in rows])),
        fmt(mean([r["h512"] for r in rows]), "%.3f"), fmt(mean([r["h1024"] for r in rows]), "%.3f"),
        fmt(mean([r["h2048"] for r in rows]), "%.3f")))
    out.append("| *seed (Fig. 23)* | *0.76* | *1.20* | *0.622* | *0.816* | |")
    return rows


def laperm_table(a, out):
    rows = []
    for model in ("cdp", "dtbl"):
        for app, inp in T7:
            lab = "%s-%s" % (label(app, inp), model)
            # the first experiment that has this pair (--paper: the whole runs of amr and join
            # before the cut ones)
            rr, exp = None, None
            for e in a.laperm_exps:
                rr = stats(a.runs, e, lab, "rr")
                if rr is not None:
                    exp = e
                    break
            if rr is None:
                continue
            r = {"pair": label(app, inp), "model": model,
                 "run": "whole" if rr.get("stopped_by", "none") == "none" else "cut"}
            for p in POLICIES:
                s = stats(a.runs, exp, lab, p)
                r[p] = ratio(s.get("ipc") if s else None, rr.get("ipc"))
                r[p + "_l1"] = (100 * (s["l1d.hit_rate"] - rr["l1d.hit_rate"])
                                if s and "l1d.hit_rate" in s and "l1d.hit_rate" in rr else None)
                h, h0 = (l2_hit(s) if s else None), l2_hit(rr)
                r[p + "_l2"] = 100 * (h - h0) if h is not None and h0 is not None else None
            rows.append(r)
    out.append("| model | app-input | run | TB-Pri IPC | SMX-Bind IPC | Adaptive IPC | L1 TB-Pri | "
               "L1 SMX-Bind | L1 Adaptive | L2 TB-Pri | L2 SMX-Bind | L2 Adaptive |")
    out.append("|---|---|---|---|---|---|---|---|---|---|---|---|")
    means = {}
    for model in ("cdp", "dtbl"):
        mr = [r for r in rows if r["model"] == model]
        for r in mr:
            out.append("| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |" % (
                model, r["pair"], r["run"], *[fmt(r[p]) for p in POLICIES],
                *[fmt(r[p + "_l1"], "%+.1f") for p in POLICIES],
                *[fmt(r[p + "_l2"], "%+.1f") for p in POLICIES]))
        if mr:
            g = [gmean([r[p] for r in mr]) for p in POLICIES]
            l1 = [mean([r[p + "_l1"] for r in mr]) for p in POLICIES]
            l2 = [mean([r[p + "_l2"] for r in mr]) for p in POLICIES]
            means[model] = g
            out.append("| **%s** | **mean** | | **%s** | **%s** | **%s** | %s | %s | %s | %s | %s | %s |" % (
                model, *[fmt(x) for x in g], *[fmt(x, "%+.1f") for x in l1],
                *[fmt(x, "%+.1f") for x in l2]))
    out.append("| *seed CDP* | | | *1.04* | *~0.95* | *1.06* | *+1.1* | *+6.6* | *~+4.3* | *+6.7* | "
               "*~+6.7* | *~+6.7* |")
    out.append("| *seed DTBL* | | | *1.13* | *~1.08* | *1.27* | *+2.1* | *+13.6* | *~+10.5* | *+8.7* | "
               "*~+8.7* | *~+8.7* |")
    return rows, means


def write_csv(path, rows):
    if not rows:
        return
    keys = list(rows[0].keys())
    with open(path, "w") as f:
        f.write(",".join(keys) + "\n")
        for r in rows:
            f.write(",".join("" if r[k] is None else str(r[k]) for k in keys) + "\n")


def plot(prefix, title, rows, cols, names, ylabel, path, log=False):
    dat = path + ".dat"
    with open(dat, "w") as f:
        for r in rows:
            f.write(r["pair"] + " " + " ".join("%.4f" % (r[c] or 0) for c in cols) + "\n")
    using = ", ".join("'%s' using %d:xtic(1) title '%s'" % (dat, i + 2, n)
                      for i, n in enumerate(names))
    script = """set terminal pngcairo size 1100,420 font ",9" noenhanced
set output '%s'
set title '%s'
%s
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.8 border -1
set xtics rotate by -40
set ylabel '%s'
set grid ytics
set key top left
plot %s, 1 notitle lc rgb 'black'
""" % (path, title, "set logscale y\nset yrange [0.1:*]" if log else "set yrange [0:*]", ylabel, using)
    try:
        subprocess.run(["gnuplot"], input=script.encode(), check=True)
    except (OSError, subprocess.CalledProcessError) as e:
        die("gnuplot failed: %s" % e)
    os.remove(dat)


def main():
    ap = argparse.ArgumentParser(description="DTBL and LaPerm reproduction tables and plots")
    ap.add_argument("runs", help="the sweeps' runs folder")
    ap.add_argument("--names", default="dtbl-small,dtbl-small-ideal,dtbl-agt,laperm-small",
                    help="the four experiments' names (default: the small-size ones)")
    ap.add_argument("--csv")
    ap.add_argument("--plot", help="prefix of the PNG files")
    ap.add_argument("--inputs", default="small inputs", help="what the runs are, for titles")
    ap.add_argument("--paper", action="store_true",
                    help="the paper-size sweeps (dtbl-paper, dtbl-agt-paper, laperm-paper)")
    a = ap.parse_args()
    if a.paper:
        a.names = "dtbl-paper,dtbl-paper-ideal,dtbl-agt-paper,laperm-paper"
        if a.inputs == "small inputs":
            a.inputs = "paper inputs"
    a.names = a.names.split(",")
    a.laperm_exps = [a.names[3]] if len(a.names) == 4 else []
    if a.paper:
        a.laperm_exps.insert(0, "laperm-paper-whole")
    if len(a.names) != 4:
        die("--names needs four experiment names, comma-separated")
    if not os.path.isdir(a.runs):
        die("%s is not a folder" % a.runs)
    out = ["## DTBL over flat and CDP (%s, k20c)" % a.inputs, ""]
    drows, _ = dtbl_table(a, out)
    out += ["", "## The AGT's size (%s)" % a.inputs, ""]
    arows = agt_table(a, out)
    out += ["", "## LaPerm over round robin (%s)" % a.inputs, ""]
    lrows, _ = laperm_table(a, out)
    if not drows and not arows and not lrows:
        die("no runs found under %s for %s" % (a.runs, ",".join(a.names)))
    print("\n".join(out))
    if a.csv:
        write_csv(a.csv + "-dtbl.csv", drows)
        write_csv(a.csv + "-agt.csv", arows)
        write_csv(a.csv + "-laperm.csv", lrows)
    if a.plot:
        if drows:
            # the columns some pair has (no ideal sweep at paper size)
            cols = [(c, n) for c, n in (("cdp", "CDP"), ("dtbl", "DTBL"), ("cdpi", "CDPI"),
                                        ("dtbli", "DTBLI"))
                    if any(r[c] is not None for r in drows)]
            plot(a.plot, "Speedup over the flat versions (%s, k20c)" % a.inputs, drows,
                 [c for c, _ in cols], [n for _, n in cols],
                 "speedup over flat (log scale)", a.plot + "-speedup.png", log=True)
        for model in ("cdp", "dtbl"):
            mr = [r for r in lrows if r["model"] == model]
            if mr:
                plot(a.plot, "LaPerm: IPC over round robin, %s versions (%s, k20c)" % (
                    model.upper(), a.inputs), mr, POLICIES,
                    ["TB-Pri", "SMX-Bind", "Adaptive-Bind"], "IPC over rr",
                    "%s-laperm-%s.png" % (a.plot, model))


if __name__ == "__main__":
    main()
