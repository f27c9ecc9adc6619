#!/bin/sh
# simtref list: every workload folder is listed once, under its source suite,
# with the seed tables that use it and its measured classes
# (workloads/classes.tsv); simtref list --names gives exactly the folders.
#   sh workload_list.sh PATH/TO/simtref SOURCE_DIR
. "$(dirname "$0")/lib.inc"

folders=$(cd "$SRC/workloads" && for d in */; do d=${d%/}; [ -f "$d/$d.c" ] && echo "$d"; done)
expect_exit 0 "$SIMTREF" list --names
expect_eq "$(sort "$TMP/out" | tr '\n' ' ')" "$(echo "$folders" | sort | tr '\n' ' ')" "list --names"

expect_exit 0 "$SIMTREF" list
# the workloads section: suite headers (one space), workloads (two), details
sed -n '/^workloads (/,/^$/p' "$TMP/out" >"$TMP/wl"
expect_in "$TMP/wl" "workloads ($(echo "$folders" | wc -l | tr -d ' '); "
awk '
  /^ [A-Za-z]/ { suite = $0; next }
  /^  [a-z0-9]/ { name = $1; seen[name]++; where[name] = suite; next }
  /^           tables: / { if ($0 ~ /\(none stated\)/) print "no tables: " name }
  /^           measured: / { if ($0 ~ /not classified/) print "not classified: " name }
  END { for (n in seen) if (seen[n] != 1) print "listed " seen[n] " times: " n }
' "$TMP/wl" >"$TMP/problems"
if [ -s "$TMP/problems" ]; then
  fail "simtref list: $(tr '\n' ';' <"$TMP/problems")"
fi
for s in "Rodinia" "Parboil" "NVIDIA SDK" "Mars" "Pannotia"; do
  grep -q "^ $s ([0-9]*):" "$TMP/wl" || fail "no suite header for $s"
done
# every folder appears
for w in $folders; do
  grep -q "^  $w " "$TMP/wl" || fail "$w is not listed"
done

expect_exit 2 "$SIMTREF" list --bogus
expect_in "$TMP/err" "unknown option '--bogus'"

[ "$failures" -eq 0 ] || { echo "$failures failure(s)"; exit 1; }
echo "ok: $(echo "$folders" | wc -l | tr -d ' ') workloads listed by suite with tables and classes"
