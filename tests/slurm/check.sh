#!/usr/bin/env bash
# The Slurm path of `botsim sweep`: starts a single-node Slurm (munged, slurmctld and slurmd from
# Debian, with their files in a temporary directory and ports 16817-16818), runs the job array
# `botsim sweep SPEC --emit-jobs DIR` wrote with `sbatch --wait`, collects it, and compares the
# CSVs with a direct sweep's. Skipped (exit code 77) without root or without those programs.
#
#   tests/slurm/check.sh BOTSIM
set -euo pipefail
botsim=$(realpath "$1")
root=$(cd "$(dirname "$0")/../.." && pwd)
for p in munged slurmctld slurmd sbatch; do
  command -v "$p" >/dev/null || { echo "skipped: $p is not installed (scripts/install-deps)"; exit 77; }
done
[[ $(id -u) -eq 0 ]] || { echo "skipped: starting Slurm needs root"; exit 77; }
[[ -r /etc/munge/munge.key ]] || { echo "skipped: no /etc/munge/munge.key"; exit 77; }

work=$(mktemp -d)
export SLURM_CONF=$work/slurm.conf
stop() {
  for f in "$work"/slurmd.pid "$work"/slurmctld.pid "$work"/munged.pid; do
    [[ -s $f ]] && kill "$(cat "$f")" 2>/dev/null || true
  done
  sleep 1
  rm -rf "$work"
}
trap stop EXIT
host=$(hostname -s)
mkdir -p "$work/ctld" "$work/d" "$work/log"
cat >"$SLURM_CONF" <<CONF
ClusterName=botsimtest
SlurmctldHost=$host
SlurmctldPort=16817
SlurmdPort=16818
AuthType=auth/munge
AuthInfo=socket=$work/munge.sock
CredType=cred/munge
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SlurmUser=root
SlurmdUser=root
StateSaveLocation=$work/ctld
SlurmdSpoolDir=$work/d
SlurmctldPidFile=$work/slurmctld.pid
SlurmdPidFile=$work/slurmd.pid
SlurmctldLogFile=$work/log/slurmctld.log
SlurmdLogFile=$work/log/slurmd.log
ReturnToService=2
NodeName=$host CPUs=$(nproc) State=UNKNOWN
PartitionName=debug Nodes=ALL Default=YES MaxTime=INFINITE State=UP
CONF
munged --force -S "$work/munge.sock" --pid-file="$work/munged.pid" 2>/dev/null
slurmctld
slurmd
for _ in $(seq 60); do
  sinfo -h -o %t 2>/dev/null | grep -q idle && break
  sleep 1
done
sinfo -h -o %t | grep -q idle || { echo "Slurm did not start"; cat "$work"/log/*.log; exit 1; }

cat >"$work/spec.json" <<SPEC
{"platform": "$root/platforms/utility-cloud.xml",
 "deployment": "$root/deployments/silva2008-normal.xml",
 "parameters": {"U0.tasks": [4, 8]}, "replications": 2,
 "metrics": ["makespan_s", "spent", "instances"]}
SPEC
"$botsim" sweep "$work/spec.json" --emit-jobs "$work/jobs" >/dev/null
timeout 300 sbatch --wait "$work/jobs/sweep.sbatch" >/dev/null
"$botsim" sweep "$work/spec.json" --collect "$work/jobs" >/dev/null
"$botsim" sweep "$work/spec.json" --out "$work/direct" >/dev/null
for f in runs.csv summary.csv; do
  cmp "$work/jobs/$f" "$work/direct/$f"
done
[[ $(wc -l <"$work/jobs/runs.csv") -eq 5 ]]
echo "slurm: 4 array tasks ran; collected CSVs equal the direct sweep's"
