#!/bin/sh
# Writes tests/func/<group>/silicon.sha256 from the GPU outputs run-silicon.sh left in
# WORKDIR/actual/<group>/: one line per output buffer that is compared bit for bit (buffers
# with a `compare:` tolerance, the .approx results, are left out: silicon and the model may
# differ within the manual's bound there).
#   record-silicon.sh WORKDIR [GROUP...]
set -eu
work=$1
shift
here=$(cd "$(dirname "$0")/.." && pwd)
groups=${*:-int bits cmp f32 f64 cvt mem atom sync warp simt call nan}
for g in $groups; do
  yaml=$work/$g/$g.yaml
  out=$here/$g/silicon.sha256
  : >"$out.tmp"
  grep -E '^  [A-Za-z0-9_]+: \{.*output: ' "$yaml" | grep -v 'compare:' |
    sed -E 's/.*output: ([^,}]*).*/\1/' | while read -r f; do
      (cd "$work/actual/$g" && sha256sum "$f") >>"$out.tmp"
    done
  sort -k2 "$out.tmp" >"$out"
  rm -f "$out.tmp"
  echo "$g: $(wc -l <"$out") buffers recorded in $out"
done
