#!/bin/sh
# Measures each workload's class the way its seed defines it (the rules and
# their thresholds are in workloads/classes.md):
#   DYNCTA (dyncta30): idle ratio > 20% -> X, else RACT > 66% -> C, else M
#   BAWS (gtx480, LRR): warp cycles stalled at barriers or at CTA exit > 15%
#   Ctrl-C (gtx480, 32 sets x 4 ways): speedup of a 64 KB over a 16 KB L1D
#     (128 sets x 4 ways) > 1.2 -> cache-sensitive (CS), else NS
#   CAWA (gtx480, LRR, 8 sets x 16 ways): warp execution-time disparity
#     (warp.exit_disparity) >= 0.10 and a 64 KB L1D (32 sets x 16 ways)
#     at least 1.05x faster -> Sens, else Non-sens
#   latency study (gtx480, LRR): SM cycles waiting on memory over SM cycles
#     active or waiting on memory (the per-cycle classification of
#     docs/timing.md) > 0.5 -> M, else C
# Writes the Markdown table to stdout and, with -t FILE, the classes as
# "NAME<TAB>text" lines (workloads/classes.tsv, which simtref list shows).
#   scripts/classify-workloads.sh [-t TSV] [SIMTREF] [SIZE] [MAX_INSTS] [WORKLOAD...]
# MAX_INSTS (default 0: none) stops each kernel after that many thread
# instructions (sim.max_insts) and classifies what ran until then.
set -eu
tsv=
if [ "${1:-}" = "-t" ]; then
  tsv=$2
  shift 2
fi
simtref=${1:-build/simtref}
size=${2:-small}
lim="-s sim.max_insts=${3:-0}"
[ $# -gt 3 ] && shift 3 || set --
names=${*:-$("$simtref" list --names)}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
[ -z "$tsv" ] || : >"$tmp/tsv"
get() { sed -n "s/^$2 = //p" "$1" | head -n 1; }
run() { # run OUT ARGS...: one run's statistics (kept when the budget stopped it)
  out=$1
  shift
  "$simtref" run "$w" --size "$size" $lim "$@" --stats "$tmp/$out.txt" >/dev/null 2>&1 ||
    [ -s "$tmp/$out.txt" ] || : >"$tmp/$out.txt"
}
echo "| workload | DYNCTA: idle, RACT -> type | BAWS: barrier+exit stall share | Ctrl-C: 64 KB / 16 KB L1D speedup | CAWA: disparity, 64 KB / 16 KB (16-way) speedup | latency: memory-wait share |"
echo "|---|---|---|---|---|---|"
for w in $names; do
  rm -f "$tmp"/*.txt
  run d -c dyncta30
  run g -c gtx480 -s sm.warp_scheduler=lrr
  run c -c gtx480 -s sm.warp_scheduler=lrr -s l1d.size=64KiB -s l1d.sets=128
  run a -c gtx480 -s sm.warp_scheduler=lrr -s l1d.sets=8 -s l1d.ways=16
  run b -c gtx480 -s sm.warp_scheduler=lrr -s l1d.size=64KiB -s l1d.sets=32 -s l1d.ways=16
  if [ ! -s "$tmp/g.txt" ]; then
    echo "| $w | run failed | | | | |"
    continue
  fi
  # a run that cannot start on dyncta30 (a CTA over its 32 KB of shared
  # memory, say) leaves that column out
  dok=1
  [ -s "$tmp/d.txt" ] || dok=0
  awk -v w="$w" -v tsv="${tsv:+$tmp/tsv}" -v dok="$dok" \
      -v act="$(get "$tmp/d.txt" sm.active_cycles)" -v mem="$(get "$tmp/d.txt" sm.mem_wait_cycles)" \
      -v stl="$(get "$tmp/d.txt" sm.stall_cycles)" -v idl="$(get "$tmp/d.txt" sm.idle_cycles)" \
      -v bar="$(get "$tmp/g.txt" stall.barrier)" -v ext="$(get "$tmp/g.txt" stall.exit)" \
      -v iss="$(get "$tmp/g.txt" stall.issued)" -v ctl="$(get "$tmp/g.txt" stall.control)" \
      -v fet="$(get "$tmp/g.txt" stall.fetch)" -v dm="$(get "$tmp/g.txt" stall.data_mem)" \
      -v da="$(get "$tmp/g.txt" stall.data_alu)" -v st="$(get "$tmp/g.txt" stall.structural)" \
      -v ns="$(get "$tmp/g.txt" stall.not_selected)" \
      -v disp="$(get "$tmp/g.txt" warp.exit_disparity)" \
      -v gact="$(get "$tmp/g.txt" sm.active_cycles)" -v gmem="$(get "$tmp/g.txt" sm.mem_wait_cycles)" \
      -v c16="$(get "$tmp/g.txt" cycles)" -v c64="$(get "$tmp/c.txt" cycles)" \
      -v a16="$(get "$tmp/a.txt" cycles)" -v a64="$(get "$tmp/b.txt" cycles)" 'BEGIN {
    all = act + mem + stl + idl; idle = all ? idl / all : 0; ract = all ? act / all : 0;
    type = idle > 0.2 ? "X" : (ract > 0.66 ? "C" : "M");
    dcol = dok ? sprintf("%.2f, %.2f -> %s", idle, ract, type) : "n/a (does not run on dyncta30)";
    dtsv = dok ? "DYNCTA Type-" type : "DYNCTA n/a";
    warp = bar + ext + iss + ctl + fet + dm + da + st + ns;
    bshare = warp ? (bar + ext) / warp : 0;
    bi = (bshare > 0.15) ? "barrier-intensive" : "not";
    sp = c64 ? c16 / c64 : 0;
    cs = (sp > 1.2) ? "CS" : "NS";
    asp = a64 ? a16 / a64 : 0;
    sens = (disp >= 0.10 && asp >= 1.05) ? "Sens" : "Non-sens";
    mshare = gact + gmem ? gmem / (gact + gmem) : 0;
    lat = mshare > 0.5 ? "M" : "C";
    printf "| %s | %s | %.2f -> %s | %.2f -> %s | %.2f, %.2f -> %s | %.2f -> %s |\n",
           w, dcol, bshare, bi, sp, cs, disp, asp, sens, mshare, lat;
    if (tsv != "")
      printf "%s\t%s, BAWS %s, Ctrl-C %s, CAWA %s, latency study %s\n",
             w, dtsv, bi == "not" ? "not barrier-intensive" : bi, cs, sens, lat >> tsv;
  }'
done
[ -z "$tsv" ] || {
  { echo "# Measured classes: scripts/classify-workloads.sh -t workloads/classes.tsv $simtref $size ${lim#-s sim.max_insts=}"
    cat "$tmp/tsv"; } >"$tsv"
}
