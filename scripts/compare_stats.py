#!/usr/bin/env python3
"""Compares two directories of simtref --stats JSON files (scripts/compare-stats.sh).

usage: compare_stats.py OLD_DIR NEW_DIR | --files OLD.json NEW.json

For every run NAME (NAME.json / NAME.rc in OLD_DIR), the same run in NEW_DIR
must have the same exit status and, when both wrote statistics, the same
keys and values at the run level and in every kernel, except the keys that
depend on the host (wall time, simulation rate, peak memory, commit). Prints each
difference (at most 5 per run) and a summary; exits 0 when every run agrees.
With --files, the same comparison of two statistics files.
"""
import json
import os
import sys

HOST_KEYS = {
    "simtref_commit",
    "wall_seconds",
    "sim_thread_insts_per_second",
    "sim_cycles_per_second",
    "host_peak_rss_bytes",
}


def load(path):
    try:
        with open(path) as f:
            return json.load(f)
    except FileNotFoundError:
        return None


def read_rc(path):
    try:
        with open(path) as f:
            return f.read().strip()
    except FileNotFoundError:
        return "missing"


def diff_flat(a, b, where, out):
    keys = [k for k in a if k not in HOST_KEYS and k != "kernels"]
    for k in keys:
        if k not in b:
            out.append(f"{where}{k}: only in old")
        elif a[k] != b[k]:
            out.append(f"{where}{k}: {a[k]} -> {b[k]}")
    for k in b:
        if k not in HOST_KEYS and k != "kernels" and k not in a:
            out.append(f"{where}{k}: only in new")


def compare(a, b):
    out = []
    diff_flat(a, b, "", out)
    ka, kb = a.get("kernels", []), b.get("kernels", [])
    if len(ka) != len(kb):
        out.append(f"kernels: {len(ka)} -> {len(kb)}")
    for i, (x, y) in enumerate(zip(ka, kb)):
        diff_flat(x, y, f"kernels[{i}].", out)
    return out


def main():
    if len(sys.argv) == 4 and sys.argv[1] == "--files":
        a, b = load(sys.argv[2]), load(sys.argv[3])
        if a is None or b is None:
            print("compare-stats: a statistics file is missing", file=sys.stderr)
            return 2
        problems = compare(a, b)
        for p in problems[:20]:
            print(f"  {p}")
        return 1 if problems else 0
    if len(sys.argv) != 3:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    old_dir, new_dir = sys.argv[1], sys.argv[2]
    names = sorted(n[:-3] for n in os.listdir(old_dir) if n.endswith(".rc"))
    bad = 0
    with_stats = 0
    for name in names:
        problems = []
        rc_a = read_rc(os.path.join(old_dir, name + ".rc"))
        rc_b = read_rc(os.path.join(new_dir, name + ".rc"))
        if rc_a != rc_b:
            problems.append(f"exit status {rc_a} -> {rc_b}")
        a = load(os.path.join(old_dir, name + ".json"))
        b = load(os.path.join(new_dir, name + ".json"))
        if (a is None) != (b is None):
            problems.append("statistics written by only one build")
        elif a is not None:
            with_stats += 1
            problems += compare(a, b)
        if problems:
            bad += 1
            print(f"DIFFER {name}:")
            for p in problems[:5]:
                print(f"  {p}")
            if len(problems) > 5:
                print(f"  ... {len(problems) - 5} more")
    print(f"compare-stats: {len(names)} runs, {with_stats} with statistics, "
          f"{bad} differ")
    return 1 if bad or not names else 0


if __name__ == "__main__":
    sys.exit(main())
