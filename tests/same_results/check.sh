#!/usr/bin/env bash
# Checks that botsim's results are byte-identical to tests/same_results/digests.txt: every
# shipped scenario (and, with --all, every experiment at its defaults; several minutes).
#
#   tests/same_results/check.sh [--all] [BOTSIM]
# When a change is meant to change results, regenerate digests.txt with digest.sh and say why
# in the commit message.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
all=false
if [[ ${1:-} == --all ]]; then all=true; shift; fi
expected=$here/digests.txt
actual=$(mktemp)
trap 'rm -f "$actual"' EXIT
if $all; then
  "$here/digest.sh" "$@" >"$actual"
  want=$(cat "$expected")
else
  "$here/digest.sh" --scenarios-only "$@" >"$actual"
  want=$(grep '  runs/' "$expected")
fi
if diff <(echo "$want") "$actual"; then
  echo "same results: $(wc -l <"$actual") files identical"
else
  echo "results differ from $expected (lines above: < expected, > now)" >&2
  exit 1
fi
