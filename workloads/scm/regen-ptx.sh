#!/bin/sh
# scm runs sc's kernel from sc's PTX (../sc/sc.ptx): regenerating it is sc's.
set -eu
exec "$(dirname "$0")/../sc/regen-ptx.sh"
