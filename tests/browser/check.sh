#!/usr/bin/env bash
# The report in a browser, Debian's chromium driven by playwright-core: the interactive Gantt
# chart hovered (gantt_hover.js) on the page of a run of example 3 (two grid domains, three
# users), a cloud run's instances panel (instances_panel.js, example 4), then the page of an
# experiment (experiment_page.js: `botsim experiment market`, 5 s):
# its Scenario section, the console's tables with units, each figure once. Exit 77 (ctest: skipped) without chromium, node, or the build's copy of
# web/ (npm ci: the charting library and playwright-core); CI installs them (.ci/run).
#   tests/browser/check.sh BOTSIM BUILD/web
set -euo pipefail
botsim=$(realpath "$1")
web=$(realpath -m "$2")
cd "$(dirname "$0")/../.."
chromium=$(command -v chromium || true)
skip() {
  echo "skipped: $1"
  exit 77
}
[[ -n $chromium ]] || skip "chromium is not installed (Debian package chromium)"
command -v node >/dev/null || skip "node is not installed (Debian package nodejs)"
[[ -f $web/echarts.min.js ]] || skip "no charting library in $web (npm ci: cmake/web.cmake)"
[[ -d $web/node_modules/playwright-core ]] || skip "no playwright-core in $web/node_modules"
scratch=$(mktemp -d /tmp/botsim-gantt-hover.XXXXXX)
trap 'rm -rf "$scratch"' EXIT
# Chromium's profile, caches and crash reports in the scratch directory, none in the user's home.
export HOME=$scratch/home XDG_CONFIG_HOME=$scratch/home/.config XDG_CACHE_HOME=$scratch/home/.cache
mkdir -p "$HOME"
"$botsim" run examples/03-two-domains.platform.xml examples/03-two-domains.xml \
  --out "$scratch/run" --quiet
"$botsim" report "$scratch/run" >/dev/null
grep -q 'id="botsim-gantt"' "$scratch/run/report.html" ||
  { echo "FAILED: the page has no interactive chart"; exit 1; }
timeout -s KILL 120 node tests/browser/gantt_hover.js "$web" "$scratch/run/report.html" \
  "$scratch/run/tasks.csv" "$chromium"

# A cloud run's page (example 4, Silva et al.'s coordinator): the instances running per type.
"$botsim" run examples/04-silva-small-cloud.platform.xml examples/04-silva-small-cloud.xml \
  --out "$scratch/cloud" --quiet
"$botsim" report "$scratch/cloud" >/dev/null
timeout -s KILL 120 node tests/browser/instances_panel.js "$web" "$scratch/cloud/report.html" \
  "$chromium"

# An experiment's page: what it ran, its console's tables, each of its figures once.
"$botsim" experiment market --out "$scratch/exp" --quiet >/dev/null
"$botsim" report "$scratch/exp" >/dev/null
stems=$(find "$scratch/exp" -maxdepth 2 -name '*.svg' \( -path "$scratch/exp/*.svg" -o \
  -path "$scratch/exp/plots/*.svg" \) -printf '%f\n' | sed 's/\.svg$//' | sort -u | paste -sd, -)
timeout -s KILL 120 node tests/browser/experiment_page.js "$web" "$scratch/exp/report.html" \
  market "$stems" "$chromium" ${BOTSIM_BROWSER_SCREENSHOT:+"$BOTSIM_BROWSER_SCREENSHOT"}
