#!/bin/sh
# The suite under simtref and GPGPU-Sim, side by side (docs/correlation.md).
#
#   correlate.sh run [OPTIONS] OUT_DIR [WORKLOAD...]
#       every workload (default: all of `simtref list --names`) at every size:
#       export it (simtref run --functional --export-cuda), run the export under
#       GPGPU-Sim (tools/peers/gpgpusim.sh run, cold L2), then run simtref's
#       timing mode on the same work; results in OUT_DIR/SIZE/WORKLOAD/.
#       A pair already done (its `done` file exists) is skipped, so an
#       interrupted batch resumes where it stopped.
#       --simtref BIN        simtref binary (default build/simtref)
#       --gpgpusim DIR       GPGPU-Sim build (default $GPGPUSIM_BUILD, else build/gpgpu-sim)
#       --sizes LIST         comma-separated sizes (default small,paper)
#       --max-insts SIZE=N   instruction budget of GPGPU-Sim for SIZE (default
#                            paper=5000000; 0 = none). simtref is then cut at the
#                            same work: N times its own instruction count over
#                            GPGPU-Sim's, measured on the small size of the
#                            workload (the two count some instructions
#                            differently), or N when no small run is there
#       --timeout S          wall-clock limit of one GPGPU-Sim run (default 1800)
#   correlate.sh simtref [--simtref BIN] OUT_DIR
#       rerun only simtref's side of every pair already done (same size, same
#       cut), after a change to the model: GPGPU-Sim's runs stay as they are.
#   correlate.sh report OUT_DIR DEST_DIR
#       per-launch and per-workload CSV, Pearson r and mean absolute percentage
#       error of cycles, L1D and L2 miss rate and DRAM bandwidth, the speed
#       ratio, and log-log scatter plots (gnuplot) into DEST_DIR
#       (tools/peers/correlation.py), leaving the workloads that
#       tools/peers/correlation-exclude.txt names (GPGPU-Sim computes them
#       differently) out of r and MAPE.
#
# Exit status: 0 success (a pair that failed is recorded in its directory and
# reported); 2 bad usage.
set -eu

me=$(basename "$0")
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)

die() { echo "$me: error: $*" >&2; exit 2; }
usage() { sed -n '2,/^set -eu/p' "$0" | sed -e '/^set -eu/d' -e 's/^# \{0,1\}//'; }

now() { date +%s.%N; }
elapsed() { echo "$1 $2" | awk '{printf "%.2f", $2 - $1}'; }
key() { sed -n "s/^$2 = //p" "$1" 2>/dev/null | head -1; }

# simtref's side of one pair: $1 simtref, $2 pair directory, $3 workload,
# $4 size, $5 the cut in simtref's instructions (0: none).
st_side() {
  echo "$me: $4/$3: simtref$( [ "$5" != 0 ] && echo " (cut $5)")"
  t0=$(now); rc=0
  if [ "$5" != 0 ]; then
    "$1" run "$3" --size "$4" -s sim.max_insts="$5" --stats "$2/st.txt" > "$2/st.log" 2>&1 || rc=$?
  else
    "$1" run "$3" --size "$4" --stats "$2/st.txt" > "$2/st.log" 2>&1 || rc=$?
  fi
  t1=$(now)
  { echo "simtref_exit=$rc"; echo "simtref_wall_seconds=$(elapsed "$t0" "$t1")"; } > "$2/st.peer.txt"
}

cmd_simtref() {
  st="$root/build/simtref"
  while [ $# -gt 0 ]; do
    case "$1" in
      --simtref) [ $# -ge 2 ] || die "--simtref needs a path"; st="$2"; shift 2 ;;
      -*) die "simtref: unknown option '$1'" ;;
      *) break ;;
    esac
  done
  [ $# -eq 1 ] || die "usage: $me simtref [--simtref BIN] OUT_DIR"
  [ -d "$1" ] || die "no batch directory '$1'"
  [ -x "$st" ] || die "no simtref binary at '$st' (build it, or give --simtref)"
  sed -i -e "s|^simtref=.*|simtref=$("$st" --version 2>/dev/null | head -1)|" \
         -e "s|^commit=.*|commit=$(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)|" "$1/batch.txt"
  for d in "$1"/small/* "$1"/paper/*; do
    [ "$(cat "$d/done" 2>/dev/null)" = ok ] || continue
    cut=$(sed -n 's/^simtref_cut=\([0-9]*\).*/\1/p' "$d/cut.txt" 2>/dev/null || true)
    st_side "$st" "$d" "$(basename "$d")" "$(basename "$(dirname "$d")")" "${cut:-0}"
  done
}

cmd_run() {
  st="$root/build/simtref"; gs="${GPGPUSIM_BUILD:-$root/build/gpgpu-sim}"
  sizes="small,paper"; budgets=""; tmo=1800
  while [ $# -gt 0 ]; do
    case "$1" in
      --simtref) [ $# -ge 2 ] || die "--simtref needs a path"; st="$2"; shift 2 ;;
      --gpgpusim) [ $# -ge 2 ] || die "--gpgpusim needs a directory"; gs="$2"; shift 2 ;;
      --sizes) [ $# -ge 2 ] || die "--sizes needs a list"; sizes="$2"; shift 2 ;;
      --max-insts)
        [ $# -ge 2 ] || die "--max-insts needs SIZE=N"
        case "$2" in small=[0-9]*|paper=[0-9]*) ;; *) die "--max-insts: '$2' is not SIZE=N (SIZE small or paper)" ;; esac
        budgets="$budgets $2"; shift 2 ;;
      --timeout) [ $# -ge 2 ] || die "--timeout needs seconds"; tmo="$2"; shift 2 ;;
      -*) die "run: unknown option '$1'" ;;
      *) break ;;
    esac
  done
  [ $# -ge 1 ] || die "usage: $me run [OPTIONS] OUT_DIR [WORKLOAD...]"
  out="$1"; shift
  [ -x "$st" ] || die "no simtref binary at '$st' (build it, or give --simtref)"
  [ -f "$gs/simtref-peer.txt" ] || die "GPGPU-Sim is not built in '$gs' (tools/peers/gpgpusim.sh build SRC_DIR $gs)"
  for s in $(echo "$sizes" | tr ',' ' '); do
    case "$s" in small|paper) ;; *) die "--sizes: unknown size '$s' (small, paper)" ;; esac
  done
  if [ $# -eq 0 ]; then set -- $("$st" list --names); fi
  known=$("$st" list --names)
  for w in "$@"; do
    echo "$known" | grep -qx "$w" || die "unknown workload '$w' (simtref list --names)"
  done
  case " $budgets" in *" paper="*) ;; *) budgets="$budgets paper=5000000" ;; esac
  budgets="${budgets# }"
  mkdir -p "$out"; out=$(cd "$out" && pwd)
  { echo "simtref=$("$st" --version 2>/dev/null | head -1)"
    echo "commit=$(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)"
    echo "gpgpusim=$(sed -n 's/^commit=//p' "$gs/simtref-peer.txt")"
    echo "budgets=$budgets"
    echo "host=$(uname -n) $(nproc) cpus"; } > "$out/batch.txt"

  for s in $(echo "$sizes" | tr ',' ' '); do
    budget=0
    for b in $budgets; do case "$b" in "$s="*) budget=${b#*=} ;; esac; done
    for w in "$@"; do
      d="$out/$s/$w"
      [ -f "$d/done" ] && continue
      rm -rf "$d"; mkdir -p "$d"
      echo "$me: $s/$w: export"
      if ! "$st" run "$w" --size "$s" --functional --export-cuda "$d/export" > "$d/export.log" 2>&1; then
        echo "export failed" > "$d/done"; echo "$me: $s/$w: export failed (see $d/export.log)" >&2; continue
      fi
      if [ "$budget" != 0 ]; then echo "$me: $s/$w: GPGPU-Sim (budget $budget)"; else echo "$me: $s/$w: GPGPU-Sim"; fi
      set +e
      if [ "$budget" != 0 ]; then
        sh "$here/gpgpusim.sh" run --gpgpusim "$gs" --timeout "$tmo" --max-insts "$budget" "$d/export" "$d/gs" > "$d/gs.out" 2>&1
      else
        sh "$here/gpgpusim.sh" run --gpgpusim "$gs" --timeout "$tmo" "$d/export" "$d/gs" > "$d/gs.out" 2>&1
      fi
      set -e
      rm -rf "$d/gs/data" "$d/gs/expect" "$d/export/data" "$d/export/expect"   # inputs and outputs: large at paper size, not needed again
      cut=0
      if [ "$(sed -n 's/^stopped_at_max_insts=//p' "$d/gs/peer.txt" 2>/dev/null)" = 1 ]; then
        # The same work in simtref's count: scale by the small run's ratio.
        small="$out/small/$w"
        sti=$(key "$small/st.txt" thread_insts)
        gsi=$(sh "$here/gpgpusim.sh" collect "$small/gs" 2>/dev/null | awk -F, 'NR > 1 { n += $5 } END { print n + 0 }')
        if [ -n "$sti" ] && [ "${gsi:-0}" != 0 ] && grep -q '^stopped_at_max_insts=0' "$small/gs/peer.txt" 2>/dev/null; then
          cut=$(awk -v b="$budget" -v s="$sti" -v g="$gsi" 'BEGIN { printf "%.0f", b * s / g }')
          echo "simtref_cut=$cut (budget $budget x $sti / $gsi, the small run's instruction ratio)" > "$d/cut.txt"
        else
          cut=$budget
          echo "simtref_cut=$cut (budget $budget; no complete small run to scale by)" > "$d/cut.txt"
        fi
      fi
      st_side "$st" "$d" "$w" "$s" "$cut"
      echo "ok" > "$d/done"
    done
  done
  echo "$me: done; $me report $out DEST_DIR"
}

cmd_report() {
  [ $# -eq 2 ] || die "usage: $me report OUT_DIR DEST_DIR"
  [ -d "$1" ] || die "no batch directory '$1'"
  command -v python3 >/dev/null 2>&1 || die "python3 is needed (scripts/install-deps.sh installs it)"
  python3 "$here/correlation.py" --peer "$here/gpgpusim.sh" --exclude "$here/correlation-exclude.txt" "$1" "$2"
}

[ $# -ge 1 ] || { usage >&2; exit 2; }
sub="$1"; shift
case "$sub" in
  run) cmd_run "$@" ;;
  simtref) cmd_simtref "$@" ;;
  report) cmd_report "$@" ;;
  -h|--help|help) usage ;;
  *) usage >&2; die "unknown command '$sub'" ;;
esac
