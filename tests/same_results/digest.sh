#!/usr/bin/env bash
# Prints one line per results file, "<sha256>  <case>/<file>", for every shipped scenario and
# (unless --scenarios-only) every experiment's CSVs at their default settings and seeds.
# A refactor or a speed-up must leave this output unchanged: compare it with
# tests/same_results/digests.txt (tests/same_results/check.sh does).
#
#   tests/same_results/digest.sh [--scenarios-only] [BOTSIM]   (default BOTSIM: build/botsim)
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
scenarios_only=false
if [[ ${1:-} == --scenarios-only ]]; then scenarios_only=true; shift; fi
botsim=${1:-$root/build/botsim}
case $botsim in /*) ;; *) botsim=$PWD/$botsim ;; esac
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$root"

# Every shipped deployment and the platform it runs on.
scenarios=(
  "platforms/badg.xml deployments/sulistio2005.xml"
  "platforms/utility-cloud.xml deployments/silva2008-normal.xml"
  "platforms/utility-cloud.xml deployments/silva2008-render.xml"
  "platforms/ec2-2012.xml deployments/gutierrez2012-demo.xml"
  "platforms/bats-S1-1.xml deployments/bats-S1-1.xml"
  "platforms/bats-S1-4.xml deployments/bats-S1-4.xml"
  "platforms/bats-S4-1.xml deployments/bats-S4-1.xml"
  "platforms/bats-S3-4.xml deployments/bats-S3-4.xml"
  "platforms/bats-S4-3.xml deployments/bats-S4-3.xml"
)
for pair in "${scenarios[@]}"; do
  read -r platform deployment <<<"$pair"
  name=$(basename "$deployment" .xml)
  "$botsim" run "$platform" "$deployment" --out "$work/runs/$name" --quiet
done
if ! $scenarios_only; then
  for e in $("$botsim" experiment --list | awk '{print $1}'); do
    "$botsim" experiment "$e" --out "$work/experiments/$e" >/dev/null
  done
fi
cd "$work"
# Run directories of experiments are covered by their CSVs; the version string is not a result.
find . -type f \( -name '*.csv' -o -name '*.json' \) -not -path './experiments/*/runs/*' \
  -not -path './experiments/*/runs-*/*' |
  LC_ALL=C sort | while read -r f; do
    if [[ $f == *.json ]]; then
      grep -v '"botsim_version"' "$f" | sha256sum | sed "s|-\$|${f#./}|"
    else
      sha256sum "$f" | sed 's|  \./|  |'
    fi
  done
