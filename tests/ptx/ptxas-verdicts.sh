#!/bin/sh
# Compares the verdicts of tests/ptx/cases/instructions.txt (what the PTX front
# end accepts and rejects; checked by tests/unit/test_ptx_cases.c) with ptxas,
# where ptxas is installed. Each instruction is assembled in the same kernel as
# the unit test uses (PTX_TEST_HEADER of tests/unit/ptx_test.h; keep the two in
# step). Reports every line where ptxas decides otherwise and the line has no
# "# ptxas:" note, and every note ptxas no longer bears out.
#   tests/ptx/ptxas-verdicts.sh [ARCH]      (ARCH defaults to sm_75)
set -eu
arch=${1:-sm_75}
here=$(cd "$(dirname "$0")" && pwd)
cases="$here/cases/instructions.txt"
command -v ptxas >/dev/null 2>&1 || { echo "ptxas-verdicts: ptxas not found, nothing checked"; exit 0; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

kernel() {
  cat <<PTX
.version 9.0
.target $arch
.address_size 64
.global .align 4 .b32 gvar[4];
.shared .align 4 .b32 svar[4];
.func (.param .b32 fret) ff(.param .b32 fa, .param .b32 fb)
{
  ret;
}
.visible .entry t(.param .u64 p)
{
  .reg .pred %p<4>;
  .reg .b16 %h<4>;
  .reg .b32 %r<4>;
  .reg .b64 %rd<4>;
  .reg .f32 %f<4>;
  .reg .f64 %fd<4>;
  .reg .b128 %q<2>;
  .local .align 4 .b8 ldepot[16];
L0:
  $1
  ret;
}
PTX
}

status=0
checked=0
while IFS= read -r line; do
  case $line in ''|'#'*) continue ;; esac
  verdict=${line%% *}
  rest=${line#* }
  inst=$(printf '%s' "${rest%%#*}" | sed -e 's/^ *//' -e 's/ *$//')
  noted=no
  case $rest in *'# ptxas:'*) noted=yes ;; esac
  kernel "$inst" > "$work/case.ptx"
  if ptxas -arch="$arch" "$work/case.ptx" -o "$work/case.cubin" 2>"$work/err"; then
    theirs=ok
  else
    theirs=err
  fi
  checked=$((checked + 1))
  if [ "$theirs" != "$verdict" ] && [ $noted = no ]; then
    echo "ptxas says $theirs, we say $verdict: $inst"
    sed -n '1p' "$work/err"
    status=1
  elif [ "$theirs" = "$verdict" ] && [ $noted = yes ]; then
    echo "stale note, ptxas agrees ($theirs): $inst"
    status=1
  fi
done < "$cases"
echo "ptxas-verdicts: $checked instructions checked against ptxas -arch=$arch"
exit $status
