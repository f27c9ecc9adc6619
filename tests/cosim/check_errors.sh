#!/bin/sh
# Bad co-simulation requests are refused before anything runs: exit 2, a
# message naming the problem, nothing on stdout.
#   check_errors.sh SIMTREF
set -u
simtref=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
expect() { # expect "message part" args...
  want=$1
  shift
  "$simtref" "$@" >"$tmp/out" 2>"$tmp/err"
  rc=$?
  if [ $rc -ne 2 ] || ! grep -qF -- "$want" "$tmp/err" || [ -s "$tmp/out" ]; then
    echo "FAIL: simtref $* -> exit $rc, stderr: $(cat "$tmp/err"), stdout bytes: $(wc -c <"$tmp/out")" >&2
    fail=1
  fi
}
expect "'bogus' is not a unit" run bfs --cosim bogus
expect "'wpt' is not in use with this configuration" run bfs --cosim wpt -s sm.warp_scheduler=gto
expect "no RTL build of wsched_gto with NW=16" run bfs -c k20c -s sm.warp_scheduler=gto --cosim wsched
expect "no RTL build of wsched_lrr with NW=24 mutant nosuch" run bfs --cosim wsched:nosuch
expect "needs a list of units" run bfs --cosim
exit $fail
