#!/usr/bin/env python3
"""Writes a scalable auction-model (Sulistio & Buyya 2005) scenario for benchmarking.

    bench/gen_grid_scenario.py OUTDIR [--resources N] [--vos V] [--users U] [--tasks T] [--seed S]

OUTDIR gets platform.xml and deployment.xml (keep OUTDIR out of git, e.g. build/bench/...):

- platform: N resources R0..R{N-1} in V VO domains (resource i in domain i mod V; every 7th
  resource also registers with the next domain), each 1-4 PEs of 684-1050 MIPS with vo, min_bid,
  max_bid and surcharge props as in platforms/badg.xml; one gis-X host per domain; every host
  linked to one router (DijkstraCache routing, so loading stays cheap). The brokers sit, with
  --user-hosts domain (the default), on one users-X host per domain behind one link, so every
  transfer of a domain's users shares that link; with --user-hosts per-user, each broker on
  its own host u-K behind its own link, as users on their own machines are.
- deployment: one GridInformationService per VO domain, one Auctioneer per resource, and U
  Brokers cycling through the policies no-opt, global, local, each with T tasks of
  uniform(700000,800000) MI (drawn here, written to workloads/U<k>.txt), starting within the
  first 10 minutes.
- plan.csv: the same tasks in botsim's tasks.csv columns, each user's spread round robin over
  all resources and submitted at its start, for bench_baseline_grid when botsim's own
  tasks.csv is not available (botsim ran out of time); botsim's placement by global and local
  brokers differs, the lengths do not. The deadline is
  --deadline-factor times the makespan of the whole load at full platform capacity, so that the
  brokers' bidding has something to do; money is plentiful (fund and allowance) so that every
  user finishes.

Standard library only; the same arguments give the same files.
"""
import argparse
import os
import random
import sys

VO_NAMES = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def vo_name(k):
    return VO_NAMES[k] if k < len(VO_NAMES) else "VO%d" % k


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("outdir")
    ap.add_argument("--resources", type=int, default=20)
    ap.add_argument("--vos", type=int, default=4)
    ap.add_argument("--users", type=int, default=50)
    ap.add_argument("--tasks", type=int, default=50)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--period", default="60s", help="auction period of every resource")
    ap.add_argument("--bid-interval", default="10min", help="every broker's bid_interval")
    ap.add_argument("--deadline-factor", type=float, default=1.5)
    ap.add_argument("--user-hosts", choices=("domain", "per-user"), default="domain",
                    help="one host and link for a domain's users, or one per user")
    ap.add_argument("--policies", default="no-opt,global,local",
                    help="comma-separated policies the brokers cycle through")
    a = ap.parse_args()
    if a.resources < 1 or a.vos < 1 or a.users < 1 or a.tasks < 1:
        sys.exit("gen_grid_scenario: --resources, --vos, --users and --tasks must be >= 1")
    a.vos = min(a.vos, a.resources)
    policies = [p.strip() for p in a.policies.split(",") if p.strip()]
    for p in policies:
        if p not in ("no-opt", "global", "local"):
            sys.exit("gen_grid_scenario: unknown policy '%s'" % p)
    rng = random.Random(a.seed)
    os.makedirs(a.outdir, exist_ok=True)

    vos = [vo_name(k) for k in range(a.vos)]
    capacity = 0.0  # MIPS
    hosts = []
    for i in range(a.resources):
        pe = rng.randint(1, 4)
        mips = rng.choice([684, 1050, 1050, 1050])
        capacity += pe * mips
        domains = [vos[i % a.vos]]
        if a.vos > 1 and i % 7 == 6:
            domains.append(vos[(i + 1) % a.vos])
        min_bid = rng.choice([1, 5])
        max_bid = rng.choice([100, 500])
        hosts.append(
            '    <host id="R%d" speed="%dMf" core="%d">\n'
            '      <prop id="vo" value="%s"/>\n'
            '      <prop id="min_bid" value="%d"/> <prop id="max_bid" value="%d"/>\n'
            '      <prop id="surcharge" value="0.2"/>\n'
            "    </host>\n" % (i, mips, pe, ",".join(domains), min_bid, max_bid))
    def user_host(u):
        return "u-%d" % u if a.user_hosts == "per-user" else "users-%s" % vos[u % a.vos]

    if a.user_hosts == "per-user":
        user_hosts = [user_host(u) for u in range(a.users)]
    else:
        user_hosts = ["users-%s" % v for v in vos]
    for v in vos:
        hosts.append('    <host id="gis-%s" speed="1000Mf"/>\n' % v)
        if a.user_hosts == "domain":
            hosts.append('    <host id="users-%s" speed="1000Mf"/>\n' % v)
    if a.user_hosts == "per-user":
        hosts += ['    <host id="%s" speed="1000Mf"/>\n' % h for h in user_hosts]
    names = ["R%d" % i for i in range(a.resources)]
    names += ["gis-%s" % v for v in vos] + user_hosts

    with open(os.path.join(a.outdir, "platform.xml"), "w") as f:
        f.write("<?xml version='1.0'?>\n"
                '<!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">\n'
                "<!-- Generated by bench/gen_grid_scenario.py %s -->\n"
                '<platform version="4.1">\n'
                '  <zone id="bench-grid" routing="DijkstraCache">\n'
                % " ".join(sys.argv[1:]))
        f.writelines(hosts)
        f.write('    <router id="backbone"/>\n')
        for n in names:
            f.write('    <link id="l-%s" bandwidth="1Gbps" latency="%dms"/>\n'
                    % (n, rng.randint(2, 6)))
        for n in names:
            f.write('    <route src="%s" dst="backbone"><link_ctn id="l-%s"/></route>\n'
                    % (n, n))
        f.write("  </zone>\n</platform>\n")

    # Deadline: the whole load at full capacity, times a factor (seconds, rounded to minutes).
    work = a.users * a.tasks * 750000.0
    deadline_min = max(60, int(a.deadline_factor * work / capacity / 60) + 1)
    os.makedirs(os.path.join(a.outdir, "workloads"), exist_ok=True)
    plan = open(os.path.join(a.outdir, "plan.csv"), "w")
    plan.write("user,task,length_mi,host,submit_s,start_s,end_s\n")
    with open(os.path.join(a.outdir, "deployment.xml"), "w") as f:
        f.write("<?xml version='1.0'?>\n"
                '<!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">\n'
                "<!-- Generated by bench/gen_grid_scenario.py %s\n"
                "     %d resources, %d VO domains, %d users x %d tasks, deadline %d min. -->\n"
                '<platform version="4.1">\n'
                % (" ".join(sys.argv[1:]), a.resources, a.vos, a.users, a.tasks, deadline_min))
        for v in vos:
            f.write('  <actor host="gis-%s" function="GridInformationService">'
                    '<prop id="vo" value="%s"/></actor>\n' % (v, v))
        for i in range(a.resources):
            f.write('  <actor host="R%d" function="Auctioneer"><prop id="period" value="%s"/>'
                    "</actor>\n" % (i, a.period))
        for u in range(a.users):
            v = vos[u % a.vos]
            policy = policies[u % len(policies)]
            bid = ('<prop id="bid" value="%d"/> ' % rng.randint(20, 50)
                   if policy == "no-opt" else "")
            start = rng.randint(0, 600)
            lengths = ["%.0f" % rng.uniform(700000, 800000) for _ in range(a.tasks)]
            with open(os.path.join(a.outdir, "workloads", "U%d.txt" % u), "w") as w:
                w.write("\n".join(lengths) + "\n")
            first = rng.randrange(a.resources)
            for t, length in enumerate(lengths):
                plan.write("U%d,%d,%s,R%d,%d,%d,\n"
                           % (u, t, length, (first + t) % a.resources, start, start))
            f.write(
                '  <actor host="%s" function="Broker">\n'
                '    <prop id="name" value="U%d"/> <prop id="vo" value="%s"/> '
                '<prop id="policy" value="%s"/> %s\n'
                '    <prop id="start" value="%ds"/> <prop id="deadline" value="%dmin"/> '
                '<prop id="bid_interval" value="%s"/>\n'
                '    <prop id="fund" value="100000"/> <prop id="allowance" value="1000"/>\n'
                '    <prop id="workload" value="workloads/U%d.txt"/>\n'
                "  </actor>\n"
                % (user_host(u), u, v, policy, bid, start, deadline_min, a.bid_interval, u))
        f.write("</platform>\n")
    plan.close()


if __name__ == "__main__":
    main()
