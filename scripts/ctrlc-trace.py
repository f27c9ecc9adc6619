#!/usr/bin/env python3
"""Per-PC reuse distances and AGG trajectories from a Ctrl-C trace (docs/units/ctrlc.md).

usage:
  scripts/ctrlc-trace.py reuse TRACE.csv [--line 128] [--measure lines|accesses] [--top N] [--csv FILE] [--plot FILE.png]
                                          [--title TEXT]
  scripts/ctrlc-trace.py agg TRACE.csv [--pcs P,P,...] [--top N] [--csv FILE] [--plot FILE.png]
                                        [--title TEXT]

TRACE.csv is what `simtref run W -s l1d.policy=ctrlc --trace ctrlc:TRACE.csv` writes (one
line per L1D policy event; the columns are documented in docs/units/ctrlc.md).

reuse: for every global-load reference to a line (a hit, an MSHR merge, an insertion at a
miss or a bypassed miss), its reuse distance is the number of distinct other lines that
global loads reference in the same set of the same SM's L1D before the next reference to the
line, within the same kernel launch (the L1D starts each kernel cold); "none" when no next
reference comes. With --measure accesses it is the number of global-load references to the
set in between, repeats counted (a looser measure some papers use). The distance is credited to the line's inserting PC: the PC (instruction
index, low 7 bits) whose miss most recently inserted the line, at or before the reference
(with nothing bypassed, every miss inserts). A 4-way LRU set hits a reference of distance
below 4. Prints, per PC with at least 1% of the references, the share of its references in
each distance bucket; --plot draws them as stacked bars (gnuplot).

agg: the AGG of the top PCs (most AGG changes, or --pcs) over time, averaged over the SMs
(each SM has its own controllers); time is core cycles since the run began, kernels laid end
to end (each kernel's trace cycles continue from the last cycle of the one before).
"""
import argparse
import collections
import os
import subprocess
import sys

BUCKETS = [(0, 0, "0"), (1, 1, "1"), (2, 2, "2"), (3, 3, "3"), (4, 7, "4-7"), (8, 15, "8-15"),
           (16, 31, "16-31"), (32, 63, "32-63"), (64, 127, "64-127"), (128, None, ">=128")]
NAMES = [b[2] for b in BUCKETS] + ["none"]
# green (hits in a 4-way LRU set) through yellow and red (far) to grey (no reuse)
COLOURS = ["#006837", "#1a9850", "#66bd63", "#a6d96a", "#fee08b", "#fdae61", "#f46d43",
           "#d73027", "#a50026", "#67001f", "#888888"]
DEPTH = 129  # the LRU stack is kept this deep: anything deeper is >= 128


def die(msg):
    print("ctrlc-trace.py: error: " + msg, file=sys.stderr)
    sys.exit(2)


def bucket(d):
    for i, (lo, hi, _) in enumerate(BUCKETS):
        if d >= lo and (hi is None or d <= hi):
            return i
    return len(BUCKETS) - 1


def rows(path):
    with open(path) as f:
        head = f.readline().rstrip("\n").split(",")
        want = ["kernel", "name", "cycle", "sm", "event", "load", "pc", "set", "addr", "ins_pc",
                "reuse", "agg"]
        if head != want:
            die("%s: not a ctrlc trace (header %s)" % (path, ",".join(head)))
        for line in f:
            yield line.rstrip("\n").split(",")


def reuse(a):
    hist = collections.defaultdict(lambda: [0] * len(NAMES))
    stacks = {}      # (sm, set) -> lines, most recent first (at most DEPTH)
    count = {}       # (sm, set) -> references so far (--measure accesses)
    last = {}        # (sm, set, line) -> count at its last reference
    pending = {}     # (sm, set, line) -> inserting PC of its last reference
    owner = {}       # (sm, set, line) -> the PC that last inserted it
    kernel = None
    dropped = 0

    def flush():
        for key, pc in pending.items():
            hist[pc][len(NAMES) - 1] += 1
        pending.clear()
        stacks.clear()
        count.clear()
        last.clear()
        owner.clear()

    for r in rows(a.trace):
        ev = r[4]
        if ev == "X":
            dropped += int(r[8], 0)
            continue
        if ev not in "HMIB" or r[5] != "1":
            continue
        if r[0] != kernel:
            flush()
            kernel = r[0]
        sm, st, pc = int(r[3]), int(r[7]), (r[1], int(r[6]))
        line = int(r[8], 16) // a.line
        key = (sm, st, line)
        stack = stacks.setdefault((sm, st), [])
        n = count.get((sm, st), 0)
        if key in pending:
            if a.measure == "accesses":
                d = n - last[key] - 1
            else:
                try:
                    d = stack.index(line)
                except ValueError:
                    d = DEPTH
            hist[pending[key]][bucket(d)] += 1
        count[(sm, st)] = n + 1
        last[key] = n
        if ev == "I":
            owner[key] = pc
        elif ev in "HM" and key not in owner:
            owner[key] = (r[1], int(r[9]))
        if key in owner:
            pending[key] = owner[key]
        try:
            stack.remove(line)
        except ValueError:
            pass
        stack.insert(0, line)
        del stack[DEPTH:]
    flush()
    if dropped:
        print("warning: the trace lost %d events" % dropped, file=sys.stderr)
    total = sum(sum(h) for h in hist.values())
    if total == 0:
        die("no global-load reference in %s" % a.trace)
    pcs = sorted(hist, key=lambda p: -sum(hist[p]))
    pcs = [p for p in pcs if sum(hist[p]) >= 0.01 * total][:a.top]
    pcs.sort()
    kernels = sorted(set(k for k, _ in hist))
    # a load's ordinal among the global loads of its kernel seen in the trace (PC order)
    ordinal = {kp: i for k in kernels
               for i, kp in enumerate(sorted(x for x in hist if x[0] == k))}

    def label(kp):
        return ("%s:" % kp[0] if len(kernels) > 1 else "") + "PC%d" % kp[1]
    allh = [sum(hist[p][i] for p in hist) for i in range(len(NAMES))]
    print("| inserting PC | load # | references | share | " + " | ".join(NAMES) +
          " | < 4 | >= 128 or none |")
    print("|---|---|---|---|" + "---|" * (len(NAMES) + 2))
    for p, h in [(p, hist[p]) for p in pcs] + [("all", allh)]:
        n = sum(h)
        sh = [x / n for x in h]
        print("| %s | %s | %d | %.1f%% | %s | %.0f%% | %.0f%% |" % (
            "all" if p == "all" else label(p), "" if p == "all" else ordinal[p], n,
            100.0 * n / total, " | ".join("%.0f%%" % (100 * x) for x in sh),
            100 * sum(sh[:4]), 100 * (sh[-1] + sh[-2])))
    if a.csv:
        tmp = a.csv + ".tmp"
        with open(tmp, "w") as f:
            f.write("kernel,pc,load,references," + ",".join(NAMES) + "\n")
            for p in pcs + ["all"]:
                h = allh if p == "all" else hist[p]
                f.write("%s,%s,%s,%d,%s\n" % (
                    "all" if p == "all" else p[0], "all" if p == "all" else p[1],
                    "" if p == "all" else ordinal[p], sum(h), ",".join(str(x) for x in h)))
        os.replace(tmp, a.csv)
    if a.plot:
        dat = a.plot + ".dat"
        with open(dat, "w") as f:
            for p in pcs + ["all"]:
                h = allh if p == "all" else hist[p]
                n = sum(h)
                f.write((label(p) if p != "all" else "all") + " " +
                        " ".join("%.4f" % (x / n) for x in h) + "\n")
        gp = ['set terminal pngcairo size 1100,450 noenhanced font "sans,10"',
              'set output "%s.tmp.png"' % a.plot,
              'set style data histograms', 'set style histogram rowstacked',
              'set style fill solid 0.9 border -1', 'set boxwidth 0.75',
              'set ylabel "share of the PC\'s references"', 'set yrange [0:1]',
              'set xlabel "inserting PC (instruction index, low 7 bits)"',
              'set xtics rotate by -20',
              'set key outside right top vertical title "reuse distance"',
              'set title "%s"' % (a.title or "reuse distance per inserting PC"),
              'plot ' + ", ".join('"%s" u %d:xtic(1) t "%s" lc rgb "%s"' % (
                  dat, i + 2, n, COLOURS[i]) for i, n in enumerate(NAMES))]
        p = subprocess.run(["gnuplot"], input="\n".join(gp) + "\n", capture_output=True, text=True)
        os.remove(dat)
        if p.returncode != 0:
            print(p.stderr, file=sys.stderr)
            die("gnuplot failed")
        os.replace(a.plot + ".tmp.png", a.plot)


def agg(a):
    n_sm = 0
    events = []   # (time, sm, pc, agg)
    changes = collections.Counter()
    offset, kernel, last = 0, None, 0
    for r in rows(a.trace):
        if r[0] != kernel:
            offset += last
            last = 0
            kernel = r[0]
        t = int(r[2])
        last = max(last, t)
        sm = int(r[3])
        n_sm = max(n_sm, sm + 1)
        if r[4] == "A":
            pc = int(r[6])
            events.append((offset + t, sm, pc, int(r[11])))
            changes[pc] += 1
    end = offset + last
    if not events:
        die("no AGG change in %s" % a.trace)
    pcs = [int(x) for x in a.pcs.split(",")] if a.pcs else \
        sorted(p for p, _ in changes.most_common(a.top))
    state = collections.defaultdict(int)
    series = {p: [(0, 0.0)] for p in pcs}
    for t, sm, pc, v in events:
        state[(sm, pc)] = v
        if pc in series:
            series[pc].append((t, sum(state[(s, pc)] for s in range(n_sm)) / n_sm))
    for p in pcs:
        series[p].append((end, series[p][-1][1]))
        fin = [state[(s, p)] for s in range(n_sm)]
        print("PC %d: %d AGG changes, final AGG per SM %s (mean %.2f)" % (
            p, changes[p], fin, sum(fin) / n_sm))
    if a.csv:
        tmp = a.csv + ".tmp"
        with open(tmp, "w") as f:
            f.write("cycle,pc,mean_agg\n")
            for p in pcs:
                for t, v in series[p]:
                    f.write("%d,%d,%.4f\n" % (t, p, v))
        os.replace(tmp, a.csv)
    if a.plot:
        dat = a.plot + ".dat"
        with open(dat, "w") as f:
            for p in pcs:
                for t, v in series[p]:
                    f.write("%d %.4f\n" % (t, v))
                f.write("\n\n")
        gp = ['set terminal pngcairo size 1000,420 noenhanced font "sans,10"',
              'set output "%s.tmp.png"' % a.plot,
              'set xlabel "core cycles"', 'set ylabel "AGG, mean over the SMs"',
              'set yrange [-0.2:7.2]', 'set ytics 1', 'set grid',
              'set key outside right top', 'set format x "%.1s%c"',
              'set title "%s"' % (a.title or "AGG over time"),
              'plot ' + ", ".join('"%s" index %d u 1:2 w steps lw 2 t "PC%d"' % (dat, i, p)
                                  for i, p in enumerate(pcs))]
        p = subprocess.run(["gnuplot"], input="\n".join(gp) + "\n", capture_output=True, text=True)
        os.remove(dat)
        if p.returncode != 0:
            print(p.stderr, file=sys.stderr)
            die("gnuplot failed")
        os.replace(a.plot + ".tmp.png", a.plot)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("mode", choices=["reuse", "agg"])
    ap.add_argument("trace")
    ap.add_argument("--line", type=int, default=128, help="L1D line size in bytes")
    ap.add_argument("--measure", choices=["lines", "accesses"], default="lines",
                    help="reuse distance in distinct lines (default) or in references")
    ap.add_argument("--top", type=int, default=12)
    ap.add_argument("--pcs")
    ap.add_argument("--csv")
    ap.add_argument("--plot")
    ap.add_argument("--title")
    a = ap.parse_args()
    if not os.path.exists(a.trace):
        die("no such trace: %s" % a.trace)
    reuse(a) if a.mode == "reuse" else agg(a)


if __name__ == "__main__":
    main()
