#!/usr/bin/env python3
"""simtref against GPGPU-Sim over a batch of tools/peers/correlate.sh run.

    correlation.py [--peer gpgpusim.sh] [--svg] [--exclude FILE] BATCH_DIR DEST_DIR

Reads BATCH_DIR/SIZE/WORKLOAD/ (gs/: GPGPU-Sim's run, st.txt: simtref's text
statistics, st.peer.txt and gs/peer.txt: wall times, cut.txt: the instruction
cut) and writes into DEST_DIR:

  correlation-launches.csv   one row per launch both simulators ran
  correlation-workloads.csv  one row per workload and size
  correlation-summary.md     Pearson r and mean absolute percentage error
                             (MAPE) of cycles, L1D and L2 miss rate and DRAM
                             bandwidth, per size and over both, the speed
                             ratio, the per-workload table
  correlation-cycles.png     log-log scatter of per-workload cycles
  correlation-launch-cycles.png   the same per launch
  correlation-rates.png      L1D and L2 miss rate, DRAM GB/s (three panels)

--exclude FILE names workloads ("NAME: why", one per line, # comments) whose
two runs did different work (GPGPU-Sim computed other values): they stay in
the CSV and the table, marked, but not in r and MAPE, which are also given
over every run for comparison.

Per workload, figures are over the launches of the run (with an instruction
cut: up to the cut, the last launch partial on both sides): cycles are summed
over launches, miss rates are summed misses over summed accesses, DRAM
bandwidth is bytes moved on the DRAM bus over the summed cycles at the core
clock. Standard library only; the plots need gnuplot.
"""

import argparse
import csv
import io
import math
import os
import shutil
import subprocess
import sys

CORE_HZ = 700e6  # gtx480 core clock, both simulators
DRAM_ATOM = 64   # bytes per simtref DRAM access (and per GPGPU-Sim column command)


def die(msg):
    print("correlation.py: error: " + msg, file=sys.stderr)
    sys.exit(2)


def read_kv(path, sep):
    out = {}
    try:
        with open(path) as f:
            for line in f:
                line = line.rstrip("\n")
                i = line.find(sep)
                if i > 0:
                    out[line[:i]] = line[i + len(sep):]
    except OSError:
        pass
    return out


def gs_rows(peer, run_dir):
    p = subprocess.run(["sh", peer, "collect", run_dir], capture_output=True, text=True)
    if p.returncode != 0:
        return None
    return list(csv.DictReader(io.StringIO(p.stdout)))


def st_launches(stats):
    n = 0
    rows = []
    while ("kernel.%d.cycles" % n) in stats:
        k = "kernel.%d." % n

        def g(key, default="0"):
            return stats.get(k + key, default)
        rows.append({
            "kernel": g("name", ""),
            "cycles": int(g("cycles")),
            "insts": int(g("thread_insts")),
            "l1d_acc": int(g("l1d.accesses")), "l1d_miss": int(g("l1d.misses")),
            "l2_acc": int(g("l2.accesses")), "l2_miss": int(g("l2.misses")),
            "dram_bytes": (int(g("dram.reads")) + int(g("dram.writes"))) * DRAM_ATOM,
        })
        n += 1
    return rows


def ratio(a, b):
    return a / b if b else float("nan")


def pearson(xs, ys):
    pts = [(x, y) for x, y in zip(xs, ys) if not (math.isnan(x) or math.isnan(y))]
    n = len(pts)
    if n < 3:
        return float("nan")
    mx = sum(p[0] for p in pts) / n
    my = sum(p[1] for p in pts) / n
    sxx = sum((p[0] - mx) ** 2 for p in pts)
    syy = sum((p[1] - my) ** 2 for p in pts)
    sxy = sum((p[0] - mx) * (p[1] - my) for p in pts)
    # A set with (almost) no spread has no correlation.
    tiny = 1e-12 * n
    if sxx <= tiny * (mx * mx + 1.0) or syy <= tiny * (my * my + 1.0):
        return float("nan")
    return sxy / math.sqrt(sxx * syy)


def mape(sim, ref):
    pts = [abs(s - r) / r for s, r in zip(sim, ref) if r and not (math.isnan(s) or math.isnan(r))]
    return 100.0 * sum(pts) / len(pts) if pts else float("nan")


def mad(sim, ref):
    pts = [abs(s - r) for s, r in zip(sim, ref) if not (math.isnan(s) or math.isnan(r))]
    return sum(pts) / len(pts) if pts else float("nan")


def geomean(xs):
    xs = [x for x in xs if x > 0 and not math.isnan(x)]
    return math.exp(sum(math.log(x) for x in xs) / len(xs)) if xs else float("nan")


def fmt(x, spec):
    return "-" if x is None or (isinstance(x, float) and math.isnan(x)) else format(x, spec)


def collect(batch, peer):
    launches, workloads, skipped = [], [], []
    for size in ("small", "paper"):
        sdir = os.path.join(batch, size)
        if not os.path.isdir(sdir):
            continue
        for w in sorted(os.listdir(sdir)):
            d = os.path.join(sdir, w)
            status = open(os.path.join(d, "done")).read().strip() if os.path.exists(os.path.join(d, "done")) else ""
            if status != "ok":
                skipped.append((size, w, status or "not run"))
                continue
            gpeer = read_kv(os.path.join(d, "gs", "peer.txt"), "=")
            speer = read_kv(os.path.join(d, "st.peer.txt"), "=")
            stats = read_kv(os.path.join(d, "st.txt"), " = ")
            grows = gs_rows(peer, os.path.join(d, "gs"))
            if not grows:
                skipped.append((size, w, "no GPGPU-Sim launch finished (%s)" %
                                ("timeout" if gpeer.get("exit_status") == "124" else
                                 "exit %s" % gpeer.get("exit_status", "?"))))
                continue
            srows = st_launches(stats)
            if not srows:
                skipped.append((size, w, "no simtref statistics (exit %s)" % speer.get("simtref_exit", "?")))
                continue
            cut = gpeer.get("stopped_at_max_insts") == "1"
            complete_gs = gpeer.get("exit_status") == "0" or cut or gpeer.get("replay", "").startswith("replay:")
            # With a cut, launches past the shorter side are left out.
            n = min(len(grows), len(srows))
            if not cut and len(grows) != len(srows):
                skipped.append((size, w, "launch counts differ: GPGPU-Sim %d, simtref %d" % (len(grows), len(srows))))
                continue
            tot = {k: 0 for k in ("st_cyc", "gs_cyc", "st_ins", "gs_ins", "st_l1a", "st_l1m", "gs_l1a", "gs_l1m",
                                  "st_l2a", "st_l2m", "gs_l2a", "gs_l2m", "st_db", "gs_db")}
            for i in range(n):
                g, s = grows[i], srows[i]
                row = {
                    "size": size, "workload": w, "launch": i, "kernel": s["kernel"],
                    "partial": int(cut and i == n - 1),
                    "simtref_cycles": s["cycles"], "gpgpusim_cycles": int(g["gpu_sim_cycle"]),
                    "simtref_insts": s["insts"], "gpgpusim_insts": int(g["gpu_sim_insn"]),
                    "simtref_l1d_miss_rate": ratio(s["l1d_miss"], s["l1d_acc"]),
                    "gpgpusim_l1d_miss_rate": ratio(int(g["l1d_misses"]), int(g["l1d_accesses"])),
                    "simtref_l2_miss_rate": ratio(s["l2_miss"], s["l2_acc"]),
                    "gpgpusim_l2_miss_rate": ratio(int(g["l2_misses"]), int(g["l2_accesses"])),
                    "simtref_dram_gbps": ratio(s["dram_bytes"] * CORE_HZ, s["cycles"]) / 1e9,
                    "gpgpusim_dram_gbps": ratio(int(g["dram_bytes"]) * CORE_HZ, int(g["gpu_sim_cycle"])) / 1e9,
                }
                if g["kernel"] != s["kernel"]:
                    skipped.append((size, w, "launch %d is %s in simtref, %s in GPGPU-Sim" % (i, s["kernel"], g["kernel"])))
                launches.append(row)
                tot["st_cyc"] += s["cycles"]; tot["gs_cyc"] += int(g["gpu_sim_cycle"])
                tot["st_ins"] += s["insts"]; tot["gs_ins"] += int(g["gpu_sim_insn"])
                tot["st_l1a"] += s["l1d_acc"]; tot["st_l1m"] += s["l1d_miss"]
                tot["gs_l1a"] += int(g["l1d_accesses"]); tot["gs_l1m"] += int(g["l1d_misses"])
                tot["st_l2a"] += s["l2_acc"]; tot["st_l2m"] += s["l2_miss"]
                tot["gs_l2a"] += int(g["l2_accesses"]); tot["gs_l2m"] += int(g["l2_misses"])
                tot["st_db"] += s["dram_bytes"]; tot["gs_db"] += int(g["dram_bytes"])
            replay = gpeer.get("replay", "")
            workloads.append({
                "size": size, "workload": w, "launches": n, "cut": int(cut),
                "simtref_cycles": tot["st_cyc"], "gpgpusim_cycles": tot["gs_cyc"],
                "cycle_ratio": ratio(tot["st_cyc"], tot["gs_cyc"]),
                "simtref_insts": tot["st_ins"], "gpgpusim_insts": tot["gs_ins"],
                "simtref_l1d_miss_rate": ratio(tot["st_l1m"], tot["st_l1a"]),
                "gpgpusim_l1d_miss_rate": ratio(tot["gs_l1m"], tot["gs_l1a"]),
                "simtref_l2_miss_rate": ratio(tot["st_l2m"], tot["st_l2a"]),
                "gpgpusim_l2_miss_rate": ratio(tot["gs_l2m"], tot["gs_l2a"]),
                "simtref_dram_gbps": ratio(tot["st_db"] * CORE_HZ, tot["st_cyc"]) / 1e9,
                "gpgpusim_dram_gbps": ratio(tot["gs_db"] * CORE_HZ, tot["gs_cyc"]) / 1e9,
                "simtref_wall_s": float(speer.get("simtref_wall_seconds", "nan")),
                "gpgpusim_wall_s": float(gpeer.get("wall_seconds", "nan")),
                "replay": ("cut" if cut else
                           "match" if " 0 differ" in replay else
                           "differs" if "differ" in replay else
                           "incomplete" if not complete_gs else "?"),
            })
    return launches, workloads, skipped


def metric_rows(ws):
    """(name, r, mape, extra) for the four metrics over the rows ws."""
    out = []
    for key, name in (("cycles", "cycles"), ("l1d_miss_rate", "L1D miss rate"),
                      ("l2_miss_rate", "L2 miss rate"), ("dram_gbps", "DRAM GB/s")):
        st = [float(w["simtref_" + key]) for w in ws]
        gs = [float(w["gpgpusim_" + key]) for w in ws]
        if key == "cycles":
            r_log = pearson([math.log10(x) for x in st if x > 0], [math.log10(y) for y in gs if y > 0])
            extra = "r of log10: %s" % fmt(r_log, ".3f")
        elif key.endswith("rate"):
            extra = "mean absolute difference %s" % fmt(mad(st, gs), ".3f")
        else:
            extra = "mean absolute difference %s GB/s" % fmt(mad(st, gs), ".1f")
        out.append((name, pearson(st, gs), mape(st, gs), extra, len(ws)))
    return out


def write_csv(path, rows):
    if not rows:
        open(path, "w").close()
        return
    with open(path, "w", newline="") as f:
        wr = csv.DictWriter(f, fieldnames=list(rows[0].keys()), lineterminator="\n")
        wr.writeheader()
        for r in rows:
            wr.writerow({k: (("%.6g" % v) if isinstance(v, float) else v) for k, v in r.items()})


def summary(ws, launches, skipped, batch, excluded):
    b = read_kv(os.path.join(batch, "batch.txt"), "=")
    all_ws = ws
    ws = [w for w in ws if w["workload"] not in excluded]
    launches = [l for l in launches if l["workload"] not in excluded]
    o = []
    o.append("Batch: simtref %s (commit %s), GPGPU-Sim %s, %s; budgets: %s.\n" % (
        b.get("simtref", "?"), b.get("commit", "?"), b.get("gpgpusim", "?")[:7], b.get("host", "?"),
        b.get("budgets", "?")))
    o.append("| set | metric | n | Pearson r | MAPE | |")
    o.append("|---|---|---|---|---|---|")
    sets = [("small", [w for w in ws if w["size"] == "small"]),
            ("paper (cut)", [w for w in ws if w["size"] == "paper"]),
            ("both sizes", ws),
            ("launches", launches)]
    for name, rows in sets:
        if not rows:
            continue
        for m, r, e, extra, n in metric_rows(rows):
            o.append("| %s | %s | %d | %s | %s%% | %s |" % (name, m, n, fmt(r, ".3f"), fmt(e, ".1f"), extra))
    if len(all_ws) != len(ws):
        m = metric_rows(all_ws)[0]
        o.append("| every run, excluded ones too | cycles | %d | %s | %s%% | |" % (
            len(all_ws), fmt(m[1], ".3f"), fmt(m[2], ".1f")))
    o.append("")
    st_w = sum(w["simtref_wall_s"] for w in ws if not math.isnan(w["simtref_wall_s"]))
    gs_w = sum(w["gpgpusim_wall_s"] for w in ws if not math.isnan(w["gpgpusim_wall_s"]))
    sp = [w["gpgpusim_wall_s"] / w["simtref_wall_s"] for w in ws
          if w["simtref_wall_s"] > 0 and not math.isnan(w["gpgpusim_wall_s"])]
    o.append("Speed: simtref took %.1f s and GPGPU-Sim %.1f s over these runs (%.1fx); per run GPGPU-Sim / "
             "simtref wall time geometric mean %.1fx, range %.1fx to %.1fx.\n" % (
                 st_w, gs_w, gs_w / st_w if st_w else float("nan"), geomean(sp),
                 min(sp) if sp else float("nan"), max(sp) if sp else float("nan")))
    o.append("| size | workload | launches | cut | simtref cycles | GPGPU-Sim cycles | ratio | L1D miss s / g | "
             "L2 miss s / g | DRAM GB/s s / g | wall s / g | replay |")
    o.append("|---|---|---|---|---|---|---|---|---|---|---|---|")
    for w in all_ws:
        o.append("| %s | %s%s | %d | %s | %d | %d | %s | %s / %s | %s / %s | %s / %s | %s / %s | %s |" % (
            w["size"], w["workload"], " (excluded)" if w["workload"] in excluded else "",
            w["launches"], "yes" if w["cut"] else "", w["simtref_cycles"],
            w["gpgpusim_cycles"], fmt(w["cycle_ratio"], ".2f"),
            fmt(w["simtref_l1d_miss_rate"], ".3f"), fmt(w["gpgpusim_l1d_miss_rate"], ".3f"),
            fmt(w["simtref_l2_miss_rate"], ".3f"), fmt(w["gpgpusim_l2_miss_rate"], ".3f"),
            fmt(w["simtref_dram_gbps"], ".1f"), fmt(w["gpgpusim_dram_gbps"], ".1f"),
            fmt(w["simtref_wall_s"], ".2f"), fmt(w["gpgpusim_wall_s"], ".1f"), w["replay"]))
    if excluded:
        o.append("")
        o.append("Excluded from r and MAPE:")
        o.append("")
        for name in sorted(excluded):
            o.append("- %s: %s" % (name, excluded[name]))
    if skipped:
        o.append("")
        o.append("Not compared:")
        o.append("")
        for s, w, why in skipped:
            o.append("- %s/%s: %s" % (s, w, why))
    return "\n".join(o) + "\n"


def plots(dest, ws, launches, svg, excluded):
    gp = shutil.which("gnuplot")
    if gp is None:
        print("correlation.py: warning: no gnuplot: plots skipped", file=sys.stderr)
        return
    ext = "svg" if svg else "png"
    term = ('set terminal svg size 900,700 dynamic noenhanced font "sans,11" background rgb "white"' if svg else
            'set terminal pngcairo size 900,700 noenhanced font "sans,10"')
    data = os.path.join(dest, ".plot-data")
    os.makedirs(data, exist_ok=True)

    def dump(name, rows, xk, yk):
        p = os.path.join(data, name)
        with open(p, "w") as f:
            for r in rows:
                x, y = float(r[xk]), float(r[yk])
                if x > 0 and y > 0 and not (math.isnan(x) or math.isnan(y)):
                    f.write("%g %g %s\n" % (x, y, r["workload"]))
        return p
    files = {}
    ex_rows = [w for w in ws if w["workload"] in excluded]
    ws = [w for w in ws if w["workload"] not in excluded]
    launches = [l for l in launches if l["workload"] not in excluded]
    files["wex"] = dump("w-excluded", ex_rows, "gpgpusim_cycles", "simtref_cycles")
    for size in ("small", "paper"):
        rows = [w for w in ws if w["size"] == size]
        files["w" + size] = dump("w-" + size, rows, "gpgpusim_cycles", "simtref_cycles")
        lrows = [l for l in launches if l["size"] == size]
        files["l" + size] = dump("l-" + size, lrows, "gpgpusim_cycles", "simtref_cycles")
        for k in ("l1d_miss_rate", "l2_miss_rate", "dram_gbps"):
            p = os.path.join(data, "%s-%s" % (k, size))
            with open(p, "w") as f:
                for r in rows:
                    x, y = float(r["gpgpusim_" + k]), float(r["simtref_" + k])
                    if not (math.isnan(x) or math.isnan(y)):
                        f.write("%g %g %s\n" % (x, y, r["workload"]))
            files[k + size] = p
    allw = metric_rows(ws)
    r_cyc, e_cyc = allw[0][1], allw[0][2]
    lr = metric_rows(launches)[0] if launches else ("", float("nan"), float("nan"), "", 0)
    script = [term]
    script.append('set output "%s"' % os.path.join(dest, "correlation-cycles." + ext))
    script.append('set logscale xy; set grid; set key top left')
    script.append('set xlabel "GPGPU-Sim 4.2 cycles (GTX480, cold L2)"; set ylabel "simtref cycles (gtx480)"')
    script.append('set title "Cycles per workload: Pearson r %.3f, MAPE %.1f%% (%d runs)"' % (r_cyc, e_cyc, len(ws)))
    script.append('f(x) = x')
    script.append('plot "%s" u 1:2 w p pt 7 ps 1.2 t "small", "%s" u 1:2 w p pt 5 ps 1.2 t "paper (cut)", '
                  '"%s" u 1:2 w p pt 6 ps 1.2 lc rgb "red" t "excluded (GPGPU-Sim computed other values)", '
                  '"%s" u 1:2:3 w labels offset 0.8,0.5 font ",7" notitle, "%s" u 1:2:3 w labels offset 0.8,0.5 font ",7" notitle, '
                  '"%s" u 1:2:3 w labels offset 0.8,0.5 font ",7" tc rgb "red" notitle, '
                  'f(x) w l lc rgb "gray" t "y = x", 1.2*x w l dt 2 lc rgb "gray" t "+-20%%", 0.8*x w l dt 2 lc rgb "gray" notitle'
                  % (files["wsmall"], files["wpaper"], files["wex"], files["wsmall"], files["wpaper"], files["wex"]))
    script.append('set output "%s"' % os.path.join(dest, "correlation-launch-cycles." + ext))
    script.append('set title "Cycles per launch: Pearson r %.3f, MAPE %.1f%% (%d launches)"' % (lr[1], lr[2], len(launches)))
    script.append('plot "%s" u 1:2 w p pt 7 ps 0.6 t "small", "%s" u 1:2 w p pt 5 ps 0.6 t "paper (cut)", '
                  'f(x) w l lc rgb "gray" t "y = x", 1.2*x w l dt 2 lc rgb "gray" t "+-20%%", 0.8*x w l dt 2 lc rgb "gray" notitle'
                  % (files["lsmall"], files["lpaper"]))
    script.append('unset logscale')
    script.append('set terminal %s size 1500,500 %s' % (
        ("svg" if svg else "pngcairo"), ('dynamic noenhanced font "sans,11" background rgb "white"' if svg else 'noenhanced font "sans,10"')))
    script.append('set output "%s"' % os.path.join(dest, "correlation-rates." + ext))
    script.append('set multiplot layout 1,3')
    for k, label in (("l1d_miss_rate", "L1D miss rate"), ("l2_miss_rate", "L2 miss rate"), ("dram_gbps", "DRAM GB/s")):
        m = [x for x in allw if x[0].startswith(label.split()[0])][0]
        script.append('set title "%s: r %.3f, MAPE %.1f%%"' % (label, m[1], m[2]))
        script.append('set xlabel "GPGPU-Sim"; set ylabel "simtref"; set key top left')
        script.append('plot "%s" u 1:2 w p pt 7 t "small", "%s" u 1:2 w p pt 5 t "paper (cut)", x w l lc rgb "gray" t "y = x"'
                      % (files[k + "small"], files[k + "paper"]))
    script.append('unset multiplot')
    p = subprocess.run([gp], input="\n".join(script) + "\n", capture_output=True, text=True)
    if p.returncode != 0:
        print(p.stderr, file=sys.stderr)
        die("gnuplot failed")
    shutil.rmtree(data)


def main():
    ap = argparse.ArgumentParser(description="simtref against GPGPU-Sim over a correlate.sh batch")
    ap.add_argument("--peer", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "gpgpusim.sh"))
    ap.add_argument("--svg", action="store_true", help="SVG plots instead of PNG")
    ap.add_argument("--exclude", help="file of 'NAME: why' lines: workloads left out of r and MAPE")
    ap.add_argument("batch")
    ap.add_argument("dest")
    a = ap.parse_args()
    if not os.path.isdir(a.batch):
        die("no batch directory '%s'" % a.batch)
    excluded = {}
    if a.exclude:
        try:
            for line in open(a.exclude):
                line = line.split("#", 1)[0].strip()
                if not line:
                    continue
                if ":" not in line:
                    die("%s: '%s' is not 'NAME: why'" % (a.exclude, line))
                k, v = line.split(":", 1)
                excluded[k.strip()] = v.strip()
        except OSError as e:
            die("cannot read %s: %s" % (a.exclude, e.strerror))
    launches, ws, skipped = collect(a.batch, a.peer)
    if not ws:
        die("no workload in '%s' has both simulators' figures" % a.batch)
    os.makedirs(a.dest, exist_ok=True)
    write_csv(os.path.join(a.dest, "correlation-launches.csv"), launches)
    write_csv(os.path.join(a.dest, "correlation-workloads.csv"), ws)
    with open(os.path.join(a.dest, "correlation-summary.md"), "w") as f:
        f.write(summary(ws, launches, skipped, a.batch, excluded))
    plots(a.dest, ws, launches, a.svg, excluded)
    print("correlation.py: %d workload runs, %d launches compared, %d left out; %s" % (
        len(ws), len(launches), len(skipped), a.dest))


if __name__ == "__main__":
    main()
