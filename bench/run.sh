#!/usr/bin/env bash
# botsim's benchmarks (bench/README.md): wall time, user CPU time and peak memory of
# `botsim run` against its floor, a bare-S4U program doing the same executions. Never run by
# the tests.
#
#   bench/run.sh [-b BUILD_DIR] [-s CASES] [-n RUNS] [-t TIMEOUT_S] [-c NAME:VALUE ...] [-o CSV]
#   bench/run.sh --smoke [-b BUILD_DIR]
#
#   -b  build directory (default: build); configured Release and built (-j2) if needed
#   -s  comma-separated cases among tiny, small, mid, medium, large, cloud, cloud-l, cloud-1m,
#       spot-od, spot (100,000 tasks on 1000 on-demand or spot instances over a month's trace),
#       agents, agents-10k, agents-100k, agents-1m, bag-10k, bag-100k, bag-1m, static-100k,
#       static-1m, bats, bats-4c, static-100k-cpp, static-100k-py (static-100k's policy as a C++
#       plug-in and in Python), agents-100k-maxet, agents-100k-cpp, agents-100k-py (agents-100k
#       with (LtoS, MaxET): built in, and as a C++ plug-in and in Python, examples/policies/agents.*),
#       bag-100k-maxet, bag-100k-cpp, bag-100k-py (the same on bag-100k),
#       users-10, users-30, users-100, users-300, users-1000 (the auction's users curve: N users
#       x 100 tasks on N/5 resources in 8 VO domains, the proportions of `large`; `users` runs
#       all five)
#       (default: small,mid,medium,cloud,cloud-l,bats)
#   -n  runs of each program per case; the table keeps the best (default 1)
#   -t  per-run time limit in seconds (default 150); a run over it shows as "timeout"
#   -c  NAME:VALUE  an extra SimGrid --cfg for botsim and the baseline alike (repeatable)
#   -u  domain|per-user  where the auction cases' brokers sit (gen_grid_scenario.py
#       --user-hosts; default domain)
#   -o  where the table goes as CSV (default: BUILD_DIR/bench/results.csv); give
#       bench/results.csv to record a run in git beside bench/RESULTS.md
#   --smoke  runs the tiny case once, times nothing, checks that botsim and both floors
#            succeed, that every task ran and every transfer was replayed; exit 1 if not (CI)
#
# Prints one table and writes it as CSV (-o). Scenarios and outputs go to BUILD_DIR/bench/<case>/
# (out of git).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
build=build
sizes=small,mid,medium,cloud,cloud-l,bats
cfgs=()
floor_cfgs=()   # --cfg for the baseline and the floor programs only (not botsim)
plugin_args=()  # --plugin FILE for botsim in a case whose policy a plug-in declares
limit=150
user_hosts=domain
runs=1
smoke=false
if [[ ${1:-} == --smoke ]]; then smoke=true; shift; fi
csv_out=""
while getopts "b:s:n:t:c:o:u:h" opt; do
  case $opt in
    b) build=$OPTARG ;;
    s) sizes=$OPTARG ;;
    n) runs=$OPTARG ;;
    t) limit=$OPTARG ;;
    c) cfgs+=("--cfg=$OPTARG") ;;
    o) csv_out=$OPTARG ;;
    u) user_hosts=$OPTARG ;;
    *) sed -n '2,27p' "$0"; exit 2 ;;
  esac
done
case $build in /*) ;; *) build=$root/$build ;; esac

if ! $smoke && [[ ! -x /usr/bin/time ]]; then
  echo "bench/run.sh: /usr/bin/time is missing: sudo apt-get install -y time" >&2
  exit 2
fi

# ---- build (Release) if needed ----
if [[ ! -f $build/CMakeCache.txt ]]; then
  cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release >/dev/null
fi
type=$(sed -n 's/^CMAKE_BUILD_TYPE:[A-Z]*=//p' "$build/CMakeCache.txt")
[[ $type == Release ]] || echo "bench/run.sh: warning: $build is a '$type' build, not Release" >&2
cmake --build "$build" -j2 --target botsim bench_baseline_grid bench_transfer_floor \
  bench_agents_floor bench_static_choice >/dev/null

botsim=$build/botsim
baseline=$build/bench/bench_baseline_grid
floor2=$build/bench/bench_transfer_floor
agents_floor=$build/bench/bench_agents_floor
work=$build/bench
mkdir -p "$work"

# ---- smoke test (CI): the quickest case once, nothing timed ----
if $smoke; then
  dir=$work/smoke
  rm -rf "$dir"
  python3 "$here/gen_grid_scenario.py" "$dir" --resources 5 --vos 2 --users 6 --tasks 10
  "$botsim" run "$dir/platform.xml" "$dir/deployment.xml" --out "$dir/out" --quiet --transfers \
    2>"$dir/transfers.err"
  done_tasks=$(awk -F, 'NR > 1 && $7 != ""' "$dir/out/tasks.csv" | wc -l)
  if [[ $done_tasks != 60 ]]; then
    echo "bench/run.sh --smoke: botsim finished $done_tasks of 60 tasks" >&2
    exit 1
  fi
  "$baseline" "$dir/platform.xml" "$dir/out/tasks.csv" >"$dir/baseline.out"
  grep -q " 60 executions" "$dir/baseline.out" ||
    { echo "bench/run.sh --smoke: the baseline did not replay 60 executions" >&2; exit 1; }
  sends=$(sed -n 's/.*transfers.csv: \([0-9]*\) transfers; SimGrid.s send signal: \1 sends.*/\1/p' "$dir/transfers.err")
  [[ -n $sends ]] ||
    { echo "bench/run.sh --smoke: botsim's transfers and SimGrid's sends disagree" >&2; exit 1; }
  "$floor2" "$dir/platform.xml" "$dir/out/tasks.csv" "$dir/out/transfers.csv" >"$dir/floor2.out" ||
    { echo "bench/run.sh --smoke: the transfer floor failed" >&2; exit 1; }
  grep -q " 60 executions, $sends sends" "$dir/floor2.out" ||
    { echo "bench/run.sh --smoke: the transfer floor did not replay 60 executions and $sends sends" >&2; exit 1; }
  echo "bench/run.sh --smoke: botsim and both floors ran the tiny case (60 tasks, $sends sends)"
  exit 0
fi

# measure LOG CMD...: runs CMD under /usr/bin/time -v with the time limit; sets $wall (s, or
# "timeout"/"failed"), $user (user CPU s), $cpu (user + system CPU s) and $mb (peak resident
# set, MB).
measure() {
  local log=$1; shift
  local rc=0
  /usr/bin/time -v -o "$log.time" timeout "$limit" "$@" >"$log.out" 2>"$log.err" || rc=$?
  wall=$(awk -F': ' '/Elapsed \(wall clock\)/ {
           n = split($2, p, ":"); s = 0; for (i = 1; i <= n; ++i) s = s * 60 + p[i];
           printf "%.2f", s }' "$log.time")
  user=$(awk -F': ' '/User time/ { printf "%.2f", $2 }' "$log.time")
  cpu=$(awk -F': ' '/User time|System time/ { s += $2 } END { printf "%.2f", s }' "$log.time")
  mb=$(awk -F': ' '/Maximum resident set size/ { printf "%.0f", $2 / 1024 }' "$log.time")
  if [[ $rc == 124 ]]; then wall=timeout
  elif [[ $rc != 0 ]]; then wall=failed; echo "  failed ($rc): $* (see $log.err)" >&2
  fi
}

# best LOG CMD...: measure() $runs times; keeps the run with the least wall time.
best() {
  local log=$1; shift
  local bw= bu= bc= bm=
  for ((k = 0; k < runs; ++k)); do
    measure "$log" "$@"
    if [[ -z $bw ]] || { [[ $wall =~ ^[0-9.]+$ ]] &&
                         { ! [[ $bw =~ ^[0-9.]+$ ]] || awk -v a="$wall" -v b="$bw" 'BEGIN { exit !(a < b) }'; }; }; then
      bw=$wall bu=$user bc=$cpu bm=$mb
    fi
  done
  wall=$bw user=$bu cpu=$bc mb=$bm
}

ratio() {
  if [[ $1 =~ ^[0-9.]+$ && $2 =~ ^[0-9.]+$ ]]; then
    awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.1f", a / b; else print "-" }'
  else echo "-"; fi
}

rows=()
csv=("case,what,executions,botsim_s,floor_s,ratio,botsim_mb,floor_mb,botsim_user_s,floor_user_s,sends,botsim_cpu_s,transfer_floor_cpu_s,transfer_ratio,transfer_floor_mb,makespan_s,greedy_s")
# case what executions botsim_s floor_s ratio botsim_mb floor_mb botsim_user floor_user
#   [sends botsim_cpu transfer_floor_cpu transfer_ratio transfer_floor_mb [makespan greedy]]
row() {
  local -a f=("$@")
  while ((${#f[@]} < 17)); do f+=(-); done
  rows+=("$(printf '%-9s %10s %9s %8s %6s %9s %8s %9s %8s %9s %8s' "${f[0]}" "${f[2]}" \
    "${f[3]}" "${f[4]}" "${f[5]}" "${f[6]}" "${f[7]}" "${f[10]}" "${f[11]}" "${f[12]}" "${f[13]}")")
  local IFS=,
  csv+=("${f[*]}")
}

# xml_head COMMENT: the opening lines of a generated SimGrid platform or deployment file.
xml_head() {
  echo "<?xml version='1.0'?>"
  echo '<!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">'
  echo "<!-- $1 -->"
  echo '<platform version="4.1">'
}

# against_transfer_floor NAME BOTSIM_CPU [--cfg ...]: botsim once more (untimed) on
# BUILD/bench/NAME's files with --transfers, which must give the same tasks.csv; then the same
# executions and transfers replayed in bare SimGrid, timed. Sets sends, t_cpu, t_ratio, t_mb.
against_transfer_floor() {
  local name=$1 dir=$work/$1 b_cpu=$2
  shift 2
  timeout "$limit" "$botsim" run "$dir/platform.xml" "$dir/deployment.xml" \
    --out "$dir/out-transfers" --quiet --transfers "$@" 2>"$dir/transfers.err" || return 0
  cmp -s "$dir/out/tasks.csv" "$dir/out-transfers/tasks.csv" ||
    { echo "bench/run.sh: $name: --transfers changed tasks.csv" >&2; exit 1; }
  local noted signalled
  read -r noted signalled <<<"$(sed -n 's/.*transfers.csv: \([0-9]*\) transfers; SimGrid.s send signal: \([0-9]*\) sends.*/\1 \2/p' "$dir/transfers.err")"
  [[ -n $noted && $noted == "$signalled" ]] ||
    { echo "bench/run.sh: $name: botsim noted $noted transfers, SimGrid signalled $signalled" >&2; exit 1; }
  sends=$noted
  best "$dir/transfer-floor" "$floor2" "$dir/platform.xml" "$dir/out-transfers/tasks.csv" \
    "$dir/out-transfers/transfers.csv" "$@" "${floor_cfgs[@]}"
  local floor_sends
  floor_sends=$(sed -n 's/.* executions, \([0-9]*\) sends.*/\1/p' "$dir/transfer-floor.out")
  [[ $floor_sends == "$sends" ]] ||
    { echo "bench/run.sh: $name: the transfer floor sent ${floor_sends:-?} of $sends" >&2; exit 1; }
  t_cpu=$cpu t_ratio=$(ratio "$b_cpu" "$cpu") t_mb=$mb
  echo "   transfer floor ${cpu} s CPU ${mb} MB, $sends sends (botsim ${b_cpu} s CPU)" >&2
}

grid_case() {  # name resources vos users tasks [extra --cfg ...]
  local name=$1 dir=$work/$1
  local extra=("${cfgs[@]}" "${@:6}")
  rm -rf "$dir"
  python3 "$here/gen_grid_scenario.py" "$dir" --resources "$2" --vos "$3" --users "$4" \
    --tasks "$5" --user-hosts "$user_hosts"
  echo "== $name: $2 resources, $3 VO domains, $4 users x $5 tasks ($user_hosts user hosts;" \
    "load average $(cut -d' ' -f1-3 /proc/loadavg))" >&2
  best "$dir/botsim" "$botsim" run "$dir/platform.xml" "$dir/deployment.xml" \
    --out "$dir/out" --quiet "${extra[@]}"
  local b_wall=$wall b_user=$user b_cpu=$cpu b_mb=$mb
  # The baseline replays botsim's own executions; if botsim did not finish, the generator's
  # plan (same tasks, round-robin placement; marked *).
  local tasks=$dir/out/tasks.csv mark=
  [[ -f $tasks ]] || { tasks=$dir/plan.csv; mark='*'; }
  local execs; execs=$(awk -F, 'NR > 1 && $6 != ""' "$tasks" | wc -l)
  best "$dir/baseline" "$baseline" "$dir/platform.xml" "$tasks" "${extra[@]}" "${floor_cfgs[@]}"
  local r; r=$(ratio "$b_wall" "$wall")
  [[ $b_wall == timeout && $wall =~ ^[0-9.]+$ ]] && r=">$(ratio "$limit" "$wall")"
  local e_wall=$wall e_user=$user e_mb=$mb
  echo "   botsim ${b_wall} s ${b_mb} MB, baseline ${wall} s ${mb} MB, $execs executions" >&2
  local sends=- t_cpu=- t_ratio=- t_mb=-
  [[ -z $mark ]] && against_transfer_floor "$name" "$b_cpu" "${extra[@]}"
  [[ $b_wall == timeout ]] && b_wall=">$limit"
  row "$name" "$2/$4/$5" "$execs$mark" "$b_wall" "$e_wall" "$r" "$b_mb" "$e_mb" "$b_user" "$e_user" \
    "$sends" "$b_cpu" "$t_cpu" "$t_ratio" "$t_mb"
}

# solo_case NAME WHAT PLATFORM DEPLOYMENT END_COLUMN: a model with no floor program of its own.
solo_case() {
  local name=$1 dir=$work/$1
  echo "== $name: $2" >&2
  best "$dir/botsim" "$botsim" run "$3" "$4" --out "$dir/out" --quiet "${cfgs[@]}"
  local execs=-
  [[ -f $dir/out/tasks.csv ]] &&
    execs=$(awk -F, -v c="$5" 'NR > 1 && $c != ""' "$dir/out/tasks.csv" | wc -l)
  echo "   botsim ${wall} s ${mb} MB, $execs executions" >&2
  row "$name" "$2" "$execs" "$wall" - - "$mb" - "$user" -
}

cloud_case() {  # name tasks
  local dir=$work/$1
  rm -rf "$dir"; mkdir -p "$dir"
  cat >"$dir/deployment.xml" <<EOF
<?xml version='1.0'?>
<!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">
<!-- Generated by bench/run.sh: deployments/silva2008-normal.xml with $2 tasks. -->
<platform version="4.1">
  <actor host="provider" function="CloudProvider"/>
  <actor host="client" function="SilvaCoordinator">
    <prop id="user" value="U0"/> <prop id="instance_type" value="paper.host"/>
    <prop id="tasks" value="$2"/> <prop id="task_time" value="normal(150,30)"/>
    <prop id="creation_ratio" value="0.5"/> <prop id="increase_ratio" value="0.5"/>
    <prop id="budget_factor" value="1"/> <prop id="check_interval" value="5min"/>
  </actor>
</platform>
EOF
  solo_case "$1" "silva/$2" "$root/platforms/utility-cloud.xml" "$dir/deployment.xml" 6
}

agents_case() {  # name consumers tasks: Gutierrez-Garcia & Sim 2012 on platforms/ec2-2012.xml
  local dir=$work/$1
  rm -rf "$dir"; mkdir -p "$dir"
  {
    xml_head "Generated by bench/run.sh: $2 consumers with $3-task uniform BoTs at 100/s."
    echo '  <actor host="directory-0" function="CloudDirectory"/>'
    for i in 0 1 2 3 4; do echo "  <actor host=\"ba-$i\" function=\"BrokerAgent\"/>"; done
    for i in 0 1 2 3 4; do echo "  <actor host=\"spa-$i\" function=\"ServiceProviderAgent\"/>"; done
    for ((i = 0; i < $2; i++)); do
      echo "  <actor host=\"ca-$i\" function=\"ConsumerAgent\"><prop id=\"name\" value=\"CA$i\"/>"
      echo "    <prop id=\"tasks\" value=\"$3\"/><prop id=\"heuristic\" value=\"StoL,MinET\"/>"
      echo "    <prop id=\"allocation\" value=\"fixed\"/><prop id=\"submit_at\" value=\"$((100 + i))e-2\"/></actor>"
    done
    echo '</platform>'
  } >"$dir/deployment.xml"
  solo_case "$1" "agents/$2/$3" "$root/platforms/ec2-2012.xml" "$dir/deployment.xml" 7
}

# agents_bag_case NAME TASKS WORKERS: the agents model as a static bag (one consumer, fcfs,
# fixed allocation, WORKERS resources of one type at 400 MI/s, Table 4's uniform sizes of
# 400-4000 MI: 1 to 10 s each) against bench_agents_floor, a bare master-worker on the same
# platform. Both times and the ratio are user+sys CPU seconds (the machine is shared).
agents_bag_case() {
  local name=$1 dir=$work/$1 last=$(($3 - 1)) heuristic=${4:-fcfs}
  plugin_args=()
  [[ -n ${5:-} ]] && plugin_args=(--plugin "$5")
  rm -rf "$dir"; mkdir -p "$dir"
  {
    xml_head "Generated by bench/run.sh: the agents' static bag, $3 resource agents."
    echo '  <zone id="bag" routing="Full">'
    for z in directory ba spa ca; do
      echo "    <cluster id=\"$z\" prefix=\"$z-\" radical=\"0-0\" suffix=\"\" speed=\"1000Mf\" bw=\"1Gbps\" lat=\"0.5ms\" router_id=\"$z-router\"/>"
    done
    echo "    <cluster id=\"spa-0.bag\" prefix=\"ra-\" radical=\"0-$last\" suffix=\"\" speed=\"400Mf\" bw=\"1Gbps\" lat=\"0.5ms\" router_id=\"bag-router\">"
    echo '      <prop id="spa" value="spa-0"/><prop id="resource_type" value="bag"/><prop id="price" value="0.1"/>'
    echo '    </cluster>'
    echo '    <link id="backbone" bandwidth="10Gbps" latency="1ms"/>'
    local zones=(directory ba spa ca spa-0.bag) routers=(directory ba spa ca bag)
    for ((a = 0; a < 5; ++a)); do
      for ((b = a + 1; b < 5; ++b)); do
        echo "    <zoneRoute src=\"${zones[a]}\" dst=\"${zones[b]}\" gw_src=\"${routers[a]}-router\" gw_dst=\"${routers[b]}-router\"><link_ctn id=\"backbone\"/></zoneRoute>"
      done
    done
    echo '  </zone>'
    echo '</platform>'
  } >"$dir/platform.xml"
  local types; types=$(awk -v n="$3" 'BEGIN { for (i = 0; i < n; ++i) printf "%s%s", (i ? "," : ""), "bag" }')
  {
    xml_head "Generated by bench/run.sh: one consumer, $2 tasks, $heuristic, fixed allocation."
    echo '  <actor host="directory-0" function="CloudDirectory"/>'
    echo '  <actor host="ba-0" function="BrokerAgent"/>'
    echo '  <actor host="spa-0" function="ServiceProviderAgent"/>'
    echo '  <actor host="ca-0" function="ConsumerAgent">'
    echo "    <prop id=\"name\" value=\"CA0\"/> <prop id=\"tasks\" value=\"$2\"/>"
    echo "    <prop id=\"heuristic\" value=\"$heuristic\"/> <prop id=\"allocation\" value=\"fixed\"/>"
    echo "    <prop id=\"contractors\" value=\"1\"/> <prop id=\"resources\" value=\"$types\"/>"
    echo '  </actor>'
    echo '</platform>'
  } >"$dir/deployment.xml"
  echo "== $name: agents static bag, $2 tasks on $3 resources, $heuristic" >&2
  against_bag_floor "$name" "agents-bag/$2/$3" "$2" "$3" transfers
  plugin_args=()
}

# bag_case NAME TASKS WORKERS: the agents' static bag with realistic latencies
# (gen_static_bag.py: FCFS, FixedAM, WORKERS resource agents of 1000 MI/s, tasks of 1-10 s,
# 50 us host links and 500 us backbones), against bench_agents_floor running the same bag on
# the same platform (CPU seconds, user + sys), and its makespan against greedy list scheduling
# of the bag with no overhead (the makespan_s and greedy_s columns of the CSV).
bag_case() {
  local name=$1 dir=$work/$1
  rm -rf "$dir"
  python3 "$here/gen_static_bag.py" "$dir" "$3" "$2"
  plugin_args=()
  if [[ -n ${4:-} ]]; then  # another heuristic, maybe a plug-in's
    sed -i "s/\"heuristic\" value=\"fcfs\"/\"heuristic\" value=\"$4\"/" "$dir/deployment.xml"
    grep -q "value=\"$4\"" "$dir/deployment.xml" || { echo "bench/run.sh: no heuristic to set" >&2; exit 1; }
  fi
  [[ -n ${5:-} ]] && plugin_args=(--plugin "$5")
  echo "== $name: agents static bag with latencies, $2 tasks on $3 resources${4:+, $4}" >&2
  against_bag_floor "$name" "agents-bag/$2/$3" "$dir/bag.txt" "$3"
  local greedy makespan=-
  greedy=$(cat "$dir/greedy.txt")
  [[ -f $dir/out/summary.json ]] &&
    makespan=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["users"][0]["makespan_s"])' \
      "$dir/out/summary.json")
  echo "   makespan ${makespan} s, greedy list schedule ${greedy} s" >&2
  local last=$((${#csv[@]} - 1))
  csv[last]="${csv[last]%,-,-},$makespan,$greedy"
  plugin_args=()
}

# against_bag_floor NAME WHAT TASKS WORKERS [transfers]: botsim on BUILD/bench/NAME's files,
# then bench_agents_floor on its platform (and, with "transfers", the transfer floor); one row,
# in CPU seconds (user + sys). TASKS may be a bag file (the floor then runs its tasks).
against_bag_floor() {
  local name=$1 dir=$work/$1
  best "$dir/botsim" "$botsim" run "$dir/platform.xml" "$dir/deployment.xml" \
    --out "$dir/out" --quiet "${cfgs[@]}" "${plugin_args[@]}"
  local b_cpu=$cpu b_mb=$mb b_user=$user
  local execs=-
  [[ -f $dir/out/tasks.csv ]] && execs=$(awk -F, 'NR > 1 && $7 != ""' "$dir/out/tasks.csv" | wc -l)
  best "$dir/floor" "$agents_floor" "$dir/platform.xml" "$3" "$4" "${cfgs[@]}"
  local r; r=$(ratio "$b_cpu" "$cpu")
  local f_cpu=$cpu f_mb=$mb f_user=$user
  echo "   botsim ${b_cpu} s ${b_mb} MB, floor ${cpu} s ${mb} MB (CPU), $execs executions" >&2
  # The agents' tasks.csv names the platform hosts the tasks ran on, which the transfer floor
  # replays; a cloud user's names its instances.
  local sends=- t_cpu=- t_ratio=- t_mb=- b_cpu2=-
  if [[ ${5:-} == transfers ]]; then
    against_transfer_floor "$name" "$b_cpu" "${cfgs[@]}"
    b_cpu2=$b_cpu
  fi
  row "$name" "$2" "$execs" "$b_cpu" "$f_cpu" "$r" "$b_mb" "$f_mb" "$b_user" "$f_user" \
    "$sends" "$b_cpu2" "$t_cpu" "$t_ratio" "$t_mb"
}

bats_case() {  # name tasks
  local dir=$work/$1
  rm -rf "$dir"; mkdir -p "$dir"
  sed -e "s|<prop id=\"tasks\" value=\"1000\"/>|<prop id=\"tasks\" value=\"$2\"/>|" \
    -e 's|<prop id="schedule" value="2"/>|<prop id="schedule" value="4"/>|' \
    "$root/deployments/bats-S3-4.xml" >"$dir/deployment.xml"
  solo_case "$1" "bats/$2" "$root/platforms/bats-S3-4.xml" "$dir/deployment.xml" 6
}

bats4_case() {  # name tasks: BaTS over 4 clusters (S3-4's two, and two between them)
  local dir=$work/$1
  rm -rf "$dir"; mkdir -p "$dir"
  awk '{ print }
       /<\/cluster>/ && ++n == 2 {
         for (k = 3; k <= 4; ++k) {
           printf "    <cluster id=\"cluster%d\" prefix=\"c%d-\" radical=\"0-31\" suffix=\"\"", k, k
           printf " speed=\"%dMf\" core=\"1\"\n", (k - 1) * 1000
           printf "             bw=\"10Gbps\" lat=\"0\" router_id=\"c%d-router\">\n", k
           printf "      <prop id=\"instance_type\" value=\"cluster%d\"/>\n", k
           printf "      <prop id=\"price\" value=\"%d\"/>\n", 2 * k - 1
           print "      <prop id=\"atu\" value=\"60min\"/>"
           print "      <prop id=\"max_count\" value=\"32\"/>"
           print "    </cluster>"
         }
       }
       /<zoneRoute src="control" dst="cluster2"/ {
         for (k = 3; k <= 4; ++k)
           printf "    <zoneRoute src=\"control\" dst=\"cluster%d\" gw_src=\"control-gw\" gw_dst=\"c%d-router\"><link_ctn id=\"backbone\"/></zoneRoute>\n", k, k
       }' "$root/platforms/bats-S3-4.xml" >"$dir/platform.xml"
  sed -e "s|<prop id=\"tasks\" value=\"1000\"/>|<prop id=\"tasks\" value=\"$2\"/>|" \
    -e 's|value="cluster1,cluster2"|value="cluster1,cluster2,cluster3,cluster4"|' \
    -e 's|<prop id="schedule" value="2"/>|<prop id="schedule" value="4"/>|' \
    "$root/deployments/bats-S3-4.xml" >"$dir/deployment.xml"
  solo_case "$1" "bats4/$2" "$dir/platform.xml" "$dir/deployment.xml" 6
}

# static_bag_case NAME TASKS INSTANCES [POLICY PLUGIN]: StaticProvisioning
# (cloud/static_provisioning.hpp) renting INSTANCES one-core instances of 400 MI/s up front for
# TASKS tasks of uniform(1,10) s, against the same floor as the agents' static bag
# (bench_agents_floor: a bare master-worker, tasks of 1 to 10 s on hosts ra-0 .. and a master on
# ca-0). CPU seconds (user + sys). With POLICY and PLUGIN, the same decisions made by the
# policy POLICY that PLUGIN declares (examples/policies/: a C++ plug-in, a Python file).
static_bag_case() {
  local name=$1 dir=$work/$1 last=$(($3 - 1))
  plugin_args=()
  [[ -n ${5:-} ]] && plugin_args=(--plugin "$5")
  rm -rf "$dir"; mkdir -p "$dir"
  {
    xml_head "Generated by bench/run.sh: a cloud of $3 one-core instances for a static bag."
    echo '  <zone id="static" routing="Full">'
    echo '    <zone id="control" routing="Full">'
    echo '      <host id="provider" speed="1000Mf"/><host id="ca-0" speed="1000Mf"/>'
    echo '      <router id="control-gw"/><link id="c" bandwidth="10Gbps" latency="0"/>'
    echo '      <route src="provider" dst="control-gw"><link_ctn id="c"/></route>'
    echo '      <route src="ca-0" dst="control-gw"><link_ctn id="c"/></route>'
    echo '      <route src="provider" dst="ca-0"><link_ctn id="c"/></route>'
    echo '    </zone>'
    echo "    <cluster id=\"vm\" prefix=\"ra-\" radical=\"0-$last\" suffix=\"\" speed=\"400Mf\" bw=\"1Gbps\" lat=\"0.5ms\" router_id=\"vm-router\">"
    echo "      <prop id=\"instance_type\" value=\"vm\"/><prop id=\"price\" value=\"0.1\"/><prop id=\"atu\" value=\"1h\"/>"
    echo '    </cluster>'
    echo '    <link id="backbone" bandwidth="10Gbps" latency="1ms"/>'
    echo '    <zoneRoute src="control" dst="vm" gw_src="control-gw" gw_dst="vm-router"><link_ctn id="backbone"/></zoneRoute>'
    echo '  </zone>'
    echo '</platform>'
  } >"$dir/platform.xml"
  {
    xml_head "Generated by bench/run.sh: StaticProvisioning, $2 tasks on $3 instances."
    echo '  <actor host="provider" function="CloudProvider"/>'
    echo '  <actor host="ca-0" function="StaticProvisioning">'
    [[ -n ${4:-} ]] && echo "    <prop id=\"policy\" value=\"$4\"/>"
    echo "    <prop id=\"name\" value=\"U0\"/> <prop id=\"instance_type\" value=\"vm\"/>"
    echo "    <prop id=\"instances\" value=\"$3\"/> <prop id=\"tasks\" value=\"$2\"/>"
    echo '    <prop id="task_time" value="uniform(1,10)"/>'
    echo '  </actor>'
    echo '</platform>'
  } >"$dir/deployment.xml"
  echo "== $name: StaticProvisioning${4:+ ($4)}, $2 tasks on $3 instances" >&2
  against_bag_floor "$name" "static/$2/$3" "$2" "$3"
  plugin_args=()
}

# spot_case NAME POLICY: StaticProvisioning with the spot strategy POLICY (docs/cloud.md, "Spot
# strategies": on-demand or spot, at most the on-demand price) renting 1000 one-core instances
# of m5.large (per-second billing after 60 s) for 100,000 tasks of uniform(1800,5400) s, about
# 4 days, over the month-long generated price trace workloads/spot-prices-generated.csv (its
# price spikes interrupt the spot instances). The target: spot costs at most 1.5 x the CPU of
# on-demand on the same bag.
spot_case() {
  local name=$1 dir=$work/$1
  rm -rf "$dir"; mkdir -p "$dir"
  {
    xml_head "Generated by bench/run.sh: 1000 one-core m5.large instances with a spot market."
    echo '  <zone id="spot" routing="Full">'
    echo '    <zone id="control" routing="Full">'
    echo '      <host id="provider" speed="1000Mf"/><host id="client" speed="1000Mf"/>'
    echo '      <router id="control-gw"/><link id="c" bandwidth="10Gbps" latency="0"/>'
    echo '      <route src="provider" dst="control-gw"><link_ctn id="c"/></route>'
    echo '      <route src="client" dst="control-gw"><link_ctn id="c"/></route>'
    echo '      <route src="provider" dst="client"><link_ctn id="c"/></route>'
    echo '    </zone>'
    echo '    <cluster id="m5.large" prefix="vm-" radical="0-999" suffix="" speed="1000Mf" bw="1Gbps" lat="0.5ms" router_id="vm-router">'
    echo '      <prop id="instance_type" value="m5.large"/><prop id="price" value="0.096"/>'
    echo '      <prop id="billing" value="per_second"/><prop id="billing_minimum" value="60s"/>'
    echo "      <prop id=\"spot_prices\" value=\"$root/workloads/spot-prices-generated.csv\"/>"
    echo '    </cluster>'
    echo '    <link id="backbone" bandwidth="10Gbps" latency="1ms"/>'
    echo '    <zoneRoute src="control" dst="m5.large" gw_src="control-gw" gw_dst="vm-router"><link_ctn id="backbone"/></zoneRoute>'
    echo '  </zone>'
    echo '</platform>'
  } >"$dir/platform.xml"
  {
    xml_head "Generated by bench/run.sh: the $2 strategy, 100,000 tasks on 1000 instances."
    echo '  <actor host="provider" function="CloudProvider"/>'
    echo '  <actor host="client" function="StaticProvisioning">'
    echo "    <prop id=\"name\" value=\"U0\"/> <prop id=\"instance_type\" value=\"m5.large\"/>"
    echo "    <prop id=\"policy\" value=\"$2\"/> <prop id=\"instances\" value=\"1000\"/>"
    [[ $2 == spot ]] && echo '    <prop id="max_price" value="0.096"/>'
    echo '    <prop id="tasks" value="100000"/> <prop id="task_time" value="uniform(1800,5400)"/>'
    echo '  </actor>'
    echo '</platform>'
  } >"$dir/deployment.xml"
  solo_case "$1" "spot/$2/100000" "$dir/platform.xml" "$dir/deployment.xml" 6
}

IFS=, read -ra wanted <<<"${sizes//users,/users-10,users-30,users-100,users-300,users-1000,}"
[[ ${wanted[-1]} == users ]] && wanted=("${wanted[@]:0:${#wanted[@]}-1}" users-10 users-30 \
  users-100 users-300 users-1000)
for s in "${wanted[@]}"; do
  case $s in
    # The users curve: `large`'s proportions (5 users per resource, 8 VO domains, 100 tasks).
    users-10 | users-30 | users-100 | users-300 | users-1000)
      n=${s#users-}
      ((n >= 1000)) && floor_cfgs=(--cfg=contexts/guard-size:0)  # as `large` (below)
      grid_case "$s" $((n / 5)) $((n / 5 < 8 ? n / 5 : 8)) "$n" 100
      floor_cfgs=() ;;
    tiny) grid_case tiny 5 2 6 10 ;;
    small) grid_case small 20 4 50 50 ;;
    mid) grid_case mid 40 4 100 50 ;;
    medium) grid_case medium 100 5 200 100 ;;
    # The baseline has one worker actor per task running at once (100,000 on the generator's
    # plan): SimGrid's stack guard pages would exceed vm.max_map_count. botsim runs with its
    # one task waiter per resource and SimGrid's defaults.
    large)
      floor_cfgs=(--cfg=contexts/guard-size:0)
      grid_case large 200 8 1000 100
      floor_cfgs=() ;;
    cloud) cloud_case cloud 10000 ;;
    cloud-l) cloud_case cloud-l 100000 ;;
    cloud-1m) cloud_case cloud-1m 1000000 ;;
    spot-od) spot_case spot-od on-demand ;;
    spot) spot_case spot spot ;;
    agents) agents_case agents 30 300 ;;
    agents-10k) agents_bag_case agents-10k 10000 1000 ;;
    agents-100k) agents_bag_case agents-100k 100000 1000 ;;
    agents-1m) agents_bag_case agents-1m 1000000 10000 ;;
    agents-100k-maxet) agents_bag_case agents-100k-maxet 100000 1000 LtoS,MaxET ;;
    agents-100k-cpp)
      agents_bag_case agents-100k-cpp 100000 1000 ltos-cpp,maxet-cpp "$build/bench/libbench_agents.so" ;;
    agents-100k-py)
      agents_bag_case agents-100k-py 100000 1000 ltos-py,maxet-py "$root/examples/policies/agents.py" ;;
    bag-10k) bag_case bag-10k 10000 100 ;;
    bag-100k) bag_case bag-100k 100000 1000 ;;
    bag-1m) bag_case bag-1m 1000000 10000 ;;
    bag-100k-maxet) bag_case bag-100k-maxet 100000 1000 LtoS,MaxET ;;
    bag-100k-cpp) bag_case bag-100k-cpp 100000 1000 ltos-cpp,maxet-cpp "$build/bench/libbench_agents.so" ;;
    bag-100k-py) bag_case bag-100k-py 100000 1000 ltos-py,maxet-py "$root/examples/policies/agents.py" ;;
    static-100k) static_bag_case static-100k 100000 1000 ;;
    static-1m) static_bag_case static-1m 1000000 10000 ;;
    static-100k-cpp)
      static_bag_case static-100k-cpp 100000 1000 static-cpp "$build/bench/libbench_static_choice.so" ;;
    static-100k-py)
      static_bag_case static-100k-py 100000 1000 static-py "$root/examples/policies/static_choice.py" ;;
    bats) bats_case bats 100000 ;;
    bats-4c) bats4_case bats-4c 100000 ;;
    *) echo "bench/run.sh: unknown case '$s'" >&2; exit 2 ;;
  esac
done

stamp="$(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
stamp+=", $(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo '?'), best of $runs"
echo
echo "$stamp${cfgs[*]:+, ${cfgs[*]}}"
printf '%-9s %10s %9s %8s %6s %9s %8s %9s %8s %9s %8s\n' case executions "botsim s" "floor s" ratio \
  "botsim MB" "floor MB" sends "botsim c" "floor2 c" "ratio2"
printf '%s\n' "${rows[@]}"
{
  echo "# $stamp${cfgs[*]:+, ${cfgs[*]}}"
  printf '%s\n' "${csv[@]}"
} >"${csv_out:-$work/results.csv}"
echo "(written to ${csv_out:-$work/results.csv})"
[[ "${rows[*]}" == *'*'* ]] || exit 0
echo "(* botsim ran out of time: the baseline ran the generator's plan, not botsim's tasks.csv;"
echo "   botsim MB is then its peak when it was stopped)"
