#!/usr/bin/env bash
# Checks the floors docs/architecture.md draws: a file in src/ROOM/ includes headers of its own
# room or of rooms on lower floors, never of a room on its own floor or above (no import runs
# back up a floor, and rooms side by side do not know each other).
#
#   tests/floors/check.sh        (exit code 0: every include keeps to the floors; 1: not)
set -euo pipefail
cd "$(dirname "$0")/../../src"
# The floors, from the bottom (docs/architecture.md, "The floors").
declare -A floor=(
  [core]=0 [traces]=1 [policy]=1 [platform]=2 [cloud]=3
  [grid]=4 [silva]=4 [bats]=4 [agents]=4
  [campaign]=5 [view]=5 [study]=6 [papers]=7 [cli]=8)
bad=0
files=0
while IFS= read -r f; do
  files=$((files + 1))
  room=${f%%/*}
  if [[ $f != */* || -z ${floor[$room]+set} ]]; then
    echo "src/$f: src/$room/ is on no floor: give it one here and in docs/architecture.md"
    bad=1
    continue
  fi
  while IFS= read -r header; do
    to=${header%%/*}
    # Its own room, or a header CMake generates (version.hpp, data_dirs.hpp).
    [[ $to == "$room" || $header != */* ]] && continue
    if [[ -z ${floor[$to]+set} ]]; then
      echo "src/$f: includes $header, in no room"
      bad=1
    elif ((floor[$to] >= floor[$room])); then
      echo "src/$f: includes $header: $to/ is on floor ${floor[$to]}, $room/ on ${floor[$room]}"
      bad=1
    fi
  done < <(sed -n 's/^#include "\([^"]*\)".*/\1/p' "$f")
done < <(find . -name '*.cpp' -o -name '*.hpp' | sed 's|^\./||' | sort)
if ((bad)); then exit 1; fi
echo "floors: $files files, every include on its own room or a lower floor"
