# docs/config.md is generated from the option table and must not be stale.
. "$(dirname "$0")/lib.inc"

"$SIMTREF" config --doc >"$TMP/config.md" || fail "config --doc failed"
if ! cmp -s "$TMP/config.md" "$SRC/docs/config.md"; then
  fail "docs/config.md is stale: run 'make docs' and commit it"
  diff "$SRC/docs/config.md" "$TMP/config.md" | head -20 >&2
fi
finish
