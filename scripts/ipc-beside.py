#!/usr/bin/env python3
"""Two sweeps' normalised IPC side by side, as a Markdown table.

  scripts/ipc-beside.py A.dat B.dat [--names A,B]

A.dat and B.dat are `simtref plot` outputs (ipc-CONFIG.dat: a comment
header, then "workload VARIANT..." and one row per workload, each value the
IPC under that variant over the baseline's, '-' where missing; its mean,
geomean and "" spacer rows are left out). For the
workloads and variants both files hold, prints each variant's value in A
and in B; "opt" is the best of the variants named max or nK (the baseline
and the static limits) that both hold and that have a value for the workload
in both (a static limit left out of one sweep for a workload is left out of
both sides of its opt). Then the arithmetic and geometric
means of each column over the workloads that have a value in it. Used for
DYNCTA's full-length runs beside the 10M-instruction ones
(docs/units/dyncta.md, "Full-length runs").
"""
import math
import sys


def read(path):
    cols, rows = None, {}
    with open(path) as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            parts = line.split()
            if cols is None:
                cols = parts[1:]
                continue
            if parts[0] in ("geomean", "mean", '""'):
                continue  # the plot's own means, and its spacer row
            rows[parts[0]] = {c: (None if v == "-" else float(v)) for c, v in zip(cols, parts[1:])}
    if cols is None:
        sys.exit(f"ipc-beside: {path}: no header line")
    return cols, rows


def main(argv):
    names = ["A", "B"]
    args = []
    i = 0
    while i < len(argv):
        if argv[i] == "--names" and i + 1 < len(argv):
            names = argv[i + 1].split(",", 1)
            if len(names) != 2:
                sys.exit("ipc-beside: --names takes A,B")
            i += 2
        elif argv[i].startswith("-"):
            sys.exit(f"ipc-beside: unknown option {argv[i]}")
        else:
            args.append(argv[i])
            i += 1
    if len(args) != 2:
        sys.exit(__doc__.strip().split("\n\n")[1])
    (ca, ra), (cb, rb) = read(args[0]), read(args[1])
    variants = [c for c in ca if c in cb]
    static = [c for c in variants if c == "max" or (c[0] == "n" and c[1:].isdigit())]
    shown = [c for c in variants if c != "max"] + (["opt"] if len(static) > 1 else [])
    work = [w for w in ra if w in rb]
    if not work or not shown:
        sys.exit("ipc-beside: the two files share no workload or no variant")

    def value(w, row, c):
        if c == "opt":
            # the static variants this workload has a value for in both files
            both = [s for s in static if ra[w].get(s) is not None and rb[w].get(s) is not None]
            return max(row[s] for s in both) if both else None
        return row.get(c)

    head = ["workload"] + [f"{c} {n}" for c in shown for n in names]
    print("| " + " | ".join(head) + " |")
    print("|" + "---|" * len(head))
    cols = {(c, n): [] for c in shown for n in names}
    for w in work:
        cells = [w]
        for c in shown:
            for n, row in zip(names, (ra[w], rb[w])):
                v = value(w, row, c)
                cells.append("-" if v is None else f"{v:.3f}")
                if v is not None:
                    cols[(c, n)].append(v)
        print("| " + " | ".join(cells) + " |")
    for label, f in (("mean", lambda v: sum(v) / len(v)),
                     ("geomean", lambda v: math.exp(sum(math.log(x) for x in v) / len(v)))):
        cells = [f"**{label}**"]
        for c in shown:
            for n in names:
                v = cols[(c, n)]
                cells.append(f"{f(v):.3f}" if v else "-")
        print("| " + " | ".join(cells) + " |")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
