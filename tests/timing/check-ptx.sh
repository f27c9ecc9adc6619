#!/bin/sh
# The microbenchmarks' PTX holds what the tests rely on: cached global loads
# (ld.global.ca) in chase, ld.global.cg in chase_cg, ld.volatile in
# chase_volatile, clock reads, shared loads,
# and it is what nvcc makes from micro.cu where nvcc is installed.
#   check-ptx.sh DIR        (DIR = tests/timing)
set -eu
dir=$1
ptx=$dir/micro.ptx
fail=0
need() { # entry pattern
  if ! awk -v e="$1" '$0 ~ "\\.entry " e "\\(" {on=1} on {print} on && /^}/ {exit}' "$ptx" |
       grep -q -- "$2"; then
    echo "FAIL: micro.ptx: entry $1 has no '$2'" >&2
    fail=1
  fi
}
need chase 'ld.global.ca.u64'
need chase '%clock64'
need chase_cg 'ld.global.cg.u64'
need chase_volatile 'ld.volatile.u64'
need smem_chase 'ld.shared.u32'
need smem_chase '%clock64'
need stream_read 'ld.global.v4'
need stream_copy 'st.global.v4'
need idle_phases 'div.rn.f64'
if awk '/\.entry chase\(/ {on=1} on && /ld\.(volatile|global\.cg|global\.cv)/ {bad=1} on && /^}/ {exit} END {exit !bad}' "$ptx"; then
  echo "FAIL: micro.ptx: chase has loads that bypass the L1" >&2
  fail=1
fi
if command -v nvcc >/dev/null 2>&1; then
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' EXIT
  for m in micro platform; do
    nvcc -ptx -arch=sm_75 -O3 "$dir/$m.cu" -o "$tmp/$m.ptx"
    if ! diff -q -I '^//' "$tmp/$m.ptx" "$dir/$m.ptx" >/dev/null; then
      echo "FAIL: $m.ptx is not what nvcc makes from $m.cu (run regen-ptx.sh)" >&2
      fail=1
    fi
  done
fi
[ $fail -eq 0 ] && echo "micro.ptx, platform.ptx: ok"
exit $fail
