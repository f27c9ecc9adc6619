#!/bin/sh
# Installs the Debian packages simtref needs to build, test and run, and only
# those that are missing. Safe to run repeatedly: when everything is present it
# does nothing and needs no network and no root.
set -eu

# bsdutils (script(1): the status-line tests' pseudo-terminal) and gzip (the
# ASAP7 library is committed compressed) are Essential on Debian; they are
# listed so that a trimmed image still gets them. opensta cross-checks the
# ASAP7 delays (tests/synth/sta_crosscheck.sh).
PACKAGES="
  build-essential
  cmake
  pkg-config
  git
  ca-certificates
  libyaml-dev
  libcmocka-dev
  clang
  libclang-rt-14-dev
  verilator
  zlib1g-dev
  yosys
  opensta
  gzip
  iverilog
  gnuplot-nox
  python3
  parallel
  bzip2
  bsdutils
  xsltproc
  munge
  slurmctld
  slurmd
  slurm-client
"

missing=""
for p in $PACKAGES; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'ok installed'; then
    missing="$missing $p"
  fi
done

if [ -z "$missing" ]; then
  exit 0
fi

echo "install-deps: missing Debian packages:$missing"
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    SUDO="sudo -n"
  else
    echo "install-deps: error: installing packages needs root. Run as root:" >&2
    echo "  apt-get update && apt-get install -y$missing" >&2
    exit 1
  fi
else
  SUDO=""
fi

export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -q
# shellcheck disable=SC2086
$SUDO apt-get install -y -q --no-install-recommends $missing
