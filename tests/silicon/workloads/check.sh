#!/bin/sh
# Compares the fingerprints of every device-to-host copy the suite's
# benchmarks make in the simulator with the recording made on an NVIDIA
# H200 (copies.txt, by tools/silicon/workload_copies built against
# tools/silicon/cuda_host.c), except the workloads listed in inexact.txt.
# Only the workloads the recording holds are run: a workload added since has
# no silicon reference yet (docs/validation.md).
#   check.sh WORKLOAD_COPIES_BINARY [RECORDING]
# (RECORDING defaults to copies.txt beside this script; the test suite also
# passes a corrupted copy to show that a difference is caught.)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
recording=${2:-$here/copies.txt}
skip=$(sed -n 's/^\([a-z0-9]*\) .*/\1/p' "$here/inexact.txt" | tr '\n' ' ')
filter() {
  # fingerprint lines and the PASS/FAIL of each run, minus the inexact workloads
  awk -v skip=" $skip " '
    $1 == "#" { if (index(skip, " " $2 " ") == 0) print "#", $2, $3, $4; next }
    { if (index(skip, " " $1 " ") == 0) print }'
}
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
recorded=$(awk '$1 != "#" {print $1}' "$recording" | uniq | sort -u | tr '\n' ' ')
# shellcheck disable=SC2086
"$1" $recorded >"$tmp"
filter <"$recording" >"$tmp.want"
filter <"$tmp" >"$tmp.got"
if cmp -s "$tmp.want" "$tmp.got"; then
  echo "ok: $(grep -vc '^#' "$tmp.got") device-to-host copies equal the H200 recording (skipped: $skip)"
  rm -f "$tmp.want" "$tmp.got"
  exit 0
fi
echo "FAIL: the simulator's outputs differ from the H200 recording:" >&2
diff "$tmp.want" "$tmp.got" | head -20 >&2
rm -f "$tmp.want" "$tmp.got"
exit 1
