# The simtref command: help, version, config, list, and unknown commands.
. "$(dirname "$0")/lib.inc"

expect_exit 0 "$SIMTREF" --help
expect_in "$TMP/out" "usage: simtref"
expect_in "$TMP/out" "config"

expect_exit 2 "$SIMTREF"
expect_in "$TMP/err" "usage: simtref"

expect_exit 0 "$SIMTREF" --version
if ! grep -Eq '^simtref [0-9]+\.[0-9]+\.[0-9]+ \(git [0-9a-f]{7,}(-dirty)?\)$' "$TMP/out"; then
  # Outside a git checkout the commit is "unknown"; inside one it must be a hash.
  if [ -d "$SRC/.git" ]; then
    fail "--version lacks the git commit: $(cat "$TMP/out")"
  fi
fi

expect_exit 2 "$SIMTREF" frobnicate
expect_in "$TMP/err" "simtref: error: unknown command 'frobnicate'"

expect_exit 2 "$SIMTREF" sweep
expect_in "$TMP/err" "usage: simtref sweep"


# config --dump: the resolved YAML and its hash; gtx480 is the default.
expect_exit 0 "$SIMTREF" config --dump
expect_in "$TMP/out" "name: \"gtx480\""
expect_in "$TMP/out" "# hash: "
hash_default=$(sed -n 's/^# hash: //p' "$TMP/out")
expect_exit 0 "$SIMTREF" config -c gtx480 --hash
[ "$(cat "$TMP/out")" = "$hash_default" ] || fail "--hash differs from --dump's hash"

# The dump reloads to the same hash.
"$SIMTREF" config --dump >"$TMP/dump.yaml"
expect_exit 0 "$SIMTREF" config -c "$TMP/dump.yaml" --hash
[ "$(cat "$TMP/out")" = "$hash_default" ] || fail "reloaded dump has another hash"

# Overrides change values and the hash.
expect_exit 0 "$SIMTREF" config -s sm.warp_scheduler=gto -s l1d.ways=8 -s l1d.sets=16 --dump
expect_in "$TMP/out" "warp_scheduler: gto"
expect_in "$TMP/out" "# override: l1d.ways=8"
hash_gto=$(sed -n 's/^# hash: //p' "$TMP/out")
[ "$hash_gto" != "$hash_default" ] || fail "override did not change the hash"

# Every named config dumps.
for c in gtx480 dyncta30 k20c tiny; do
  expect_exit 0 "$SIMTREF" config -c $c --dump
  expect_in "$TMP/out" "name: \"$c\""
done

# Errors: message with position, exit 2, nothing on stdout.
expect_exit 2 "$SIMTREF" config -s l1d.sise=4 --dump
expect_in "$TMP/err" "-s l1d.sise=4:1:1: error: unknown key 'l1d.sise' (did you mean 'l1d.size'?)"
expect_empty "$TMP/out"

printf 'l1d:\n  size: 16000\n  sets: 32\n' >"$TMP/bad.yaml"
expect_exit 2 "$SIMTREF" config -c "$TMP/bad.yaml" --dump
expect_in "$TMP/err" "$TMP/bad.yaml:2:3: error: l1d: size 16000 B is not sets x ways x line"
expect_empty "$TMP/out"

printf 'sm:\n  max_ctas: lots\n' >"$TMP/bad2.yaml"
expect_exit 2 "$SIMTREF" config -c "$TMP/bad2.yaml" --dump
expect_in "$TMP/err" "$TMP/bad2.yaml:2:13: error: sm.max_ctas: expected an integer, got 'lots'"

expect_exit 2 "$SIMTREF" config -c no-such-config --dump
expect_in "$TMP/err" "simtref: error: no config 'no-such-config'"

expect_exit 2 "$SIMTREF" config --dump --frob
expect_in "$TMP/err" "simtref config: error: unknown option '--frob'"

expect_exit 2 "$SIMTREF" config -s
expect_in "$TMP/err" "-s needs a value"

# list: configs and policies.
expect_exit 0 "$SIMTREF" list
expect_in "$TMP/out" "gtx480"
expect_in "$TMP/out" "dyncta30"
expect_in "$TMP/out" "k20c"
expect_in "$TMP/out" "tiny"
expect_in "$TMP/out" "sm.warp_scheduler"

finish
