#!/bin/sh
# Measures each workload's class the way its seed defines it:
#   DYNCTA (dyncta30 config): idle ratio > 20% -> X, else RACT > 66% -> C, else M
#   BAWS (gtx480, LRR): share of warp cycles stalled at barriers or at CTA exit > 15%
#   Ctrl-C (gtx480): speedup of a 64 KB over a 16 KB L1D > 1.2 -> cache-sensitive
# Prints a Markdown table (used in workloads/README.md).
#   scripts/classify-workloads.sh [SIMTREF] [SIZE] [MAX_INSTS]
# MAX_INSTS (default 0: none) stops each kernel after that many thread
# instructions (sim.max_insts) and classifies what ran until then.
set -eu
simtref=${1:-build/simtref}
size=${2:-small}
lim="-s sim.max_insts=${3:-0}"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
get() { sed -n "s/^$2 = //p" "$1" | head -n 1; }
echo "| workload | DYNCTA: idle, RACT -> type | BAWS: barrier+exit stall share | Ctrl-C: 64 KB / 16 KB L1D speedup |"
echo "|---|---|---|---|"
for w in $("$simtref" list | sed -n '/^workloads/,/^$/s/^  \([a-z0-9]*\)  .*/\1/p'); do
  rm -f "$tmp"/*.txt
  "$simtref" run "$w" --size "$size" $lim -c dyncta30 --stats "$tmp/d.txt" >/dev/null 2>&1 || [ -s "$tmp/d.txt" ] || { echo "| $w | run failed | | |"; continue; }
  "$simtref" run "$w" --size "$size" $lim -c gtx480 -s sm.warp_scheduler=lrr --stats "$tmp/g.txt" >/dev/null 2>&1 || true
  "$simtref" run "$w" --size "$size" $lim -c gtx480 -s l1d.size=64KiB -s l1d.sets=128 --stats "$tmp/c.txt" >/dev/null 2>&1 || true
  awk -v w="$w" \
      -v act="$(get "$tmp/d.txt" sm.active_cycles)" -v mem="$(get "$tmp/d.txt" sm.mem_wait_cycles)" \
      -v stl="$(get "$tmp/d.txt" sm.stall_cycles)" -v idl="$(get "$tmp/d.txt" sm.idle_cycles)" \
      -v bar="$(get "$tmp/g.txt" stall.barrier)" -v ext="$(get "$tmp/g.txt" stall.exit)" \
      -v iss="$(get "$tmp/g.txt" stall.issued)" -v ctl="$(get "$tmp/g.txt" stall.control)" \
      -v fet="$(get "$tmp/g.txt" stall.fetch)" -v dm="$(get "$tmp/g.txt" stall.data_mem)" \
      -v da="$(get "$tmp/g.txt" stall.data_alu)" -v st="$(get "$tmp/g.txt" stall.structural)" \
      -v ns="$(get "$tmp/g.txt" stall.not_selected)" \
      -v c16="$(get "$tmp/g.txt" cycles)" -v c64="$(get "$tmp/c.txt" cycles)" 'BEGIN {
    all = act + mem + stl + idl; idle = all ? idl / all : 0; ract = all ? act / all : 0;
    type = idle > 0.2 ? "X" : (ract > 0.66 ? "C" : "M");
    warp = bar + ext + iss + ctl + fet + dm + da + st + ns;
    bshare = warp ? (bar + ext) / warp : 0;
    sp = c64 ? c16 / c64 : 0;
    bi = (bshare > 0.15) ? "barrier-intensive" : "not";
    cs = (sp > 1.2) ? "CS" : "NS";
    printf "| %s | %.2f, %.2f -> %s | %.2f -> %s | %.2f -> %s |\n", w, idle, ract, type, bshare, bi, sp, cs;
  }'
done
