#!/bin/sh
# scripts/dyncta-windows.py on a real DYNCTA trace: one row per trace with the
# window counts and the decision shares, which add up to 1; a file that is
# not such a trace is refused.
#   sh dyncta_windows.sh PATH/TO/simtref SOURCE_DIR
. "$(dirname "$0")/lib.inc"
if ! command -v python3 >/dev/null 2>&1; then
  echo "python3 not found (scripts/install-deps.sh installs it)"
  exit 1
fi
expect_exit 0 "$SIMTREF" run kmn -c dyncta30 -s cta_scheduler.policy=dyncta --trace "dyncta:$TMP/kmn.csv"
expect_in "$TMP/kmn.csv" ",ci0,"
expect_in "$TMP/kmn.csv" ",cm0,"
expect_exit 0 python3 "$SRC/scripts/dyncta-windows.py" --all "$TMP/kmn.csv"
row=$(grep '^| kmn |' "$TMP/out")
[ -n "$row" ] || fail "no row for kmn"
# the four decision shares (columns 6 to 9) cover every window
sum=$(echo "$row" | awk -F'|' '{printf "%.2f", $6 + $7 + $8 + $9}')
case "$sum" in 0.99|1.00|1.01) ;; *) fail "decision shares add up to $sum" ;; esac
windows=$(echo "$row" | awk -F'|' '{print $3 + 0}')
[ "$windows" -gt 0 ] || fail "no SM-window counted"
printf 'a,b\n1,2\n' > "$TMP/not.csv"
expect_exit 1 python3 "$SRC/scripts/dyncta-windows.py" "$TMP/not.csv"
expect_in "$TMP/err" "not a DYNCTA trace"
[ "$failures" -eq 0 ] || { echo "$failures failure(s)"; exit 1; }
echo "ok: $windows SM-windows of kmn summarised"
