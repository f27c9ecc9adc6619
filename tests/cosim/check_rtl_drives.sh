#!/bin/sh
# --rtl-drives: the RTL's outputs drive the model. With correct RTL the run
# must be cycle-for-cycle the C model's: the same outputs and statistics.
#   check_rtl_drives.sh SIMTREF OUTDIR WORKLOAD.yaml
set -eu
simtref=$1 out=$2 wl=$3
rm -rf "$out"
mkdir -p "$out/c" "$out/rtl"
pol="-s sm.warp_scheduler=mwf_gto -s sm.fetch_arbiter=cff"
"$simtref" run "$wl" $pol -o "$out/c" --stats "$out/c.txt" >"$out/c.log"
"$simtref" run "$wl" $pol --rtl-drives all -o "$out/rtl" --stats "$out/rtl.txt" >"$out/rtl.log"
for f in "$out"/c/*; do
  cmp "$f" "$out/rtl/$(basename "$f")"
done
# Every statistic but the host's wall time, rate and peak memory, and the config hash
# (cosim.* differ).
strip() { grep -v -e wall -e per_second -e host_peak_rss -e config_hash "$1"; }
strip "$out/c.txt" >"$out/c.s"
strip "$out/rtl.txt" >"$out/rtl.s"
if ! cmp -s "$out/c.s" "$out/rtl.s"; then
  diff "$out/c.s" "$out/rtl.s" | head -20
  echo "FAIL: statistics differ with the RTL driving" >&2
  exit 1
fi
echo "ok: RTL-driven run identical ($(wc -l <"$out/c.s") statistics)"
