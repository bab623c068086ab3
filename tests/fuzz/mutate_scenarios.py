#!/usr/bin/env python3
"""Mutation check of botsim's input handling (not run by ctest: it is slow and random).

Mutates shipped platform/deployment pairs (deleted or inserted characters, duplicated or
dropped lines, extreme numbers, other values swapped in) and runs `botsim run` on each mutant.
Every run must end with exit code 0 or 2 within the time limit: never a signal, an internal
error or a hang (docs/reference.md, "Exit codes and errors"). Failing mutants are kept in OUT/bad/ for a regression test.

  tests/fuzz/mutate_scenarios.py [--seed N] [--runs N] [--botsim build/botsim]
      [--all | --platform platforms/badg.xml --deployment deployments/sulistio2005.xml]
      [--budget SECONDS] [--timeout SECONDS] [--out DIR]

--all mutates every shipped scenario (the pairs tests/same_results/digest.sh runs), --runs
mutants of each; --budget stops starting new mutants after that many seconds in all, sharing
the time equally among the scenarios.
"""
import argparse
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time

# Beyond the limits on inputs too (docs/reliability.md): a century and a second, money past
# its cap, a number too small to be anything but zero.
EXTREMES = ["0", "-1", "1e308", "0.0001", "nan", "inf", "99999999999", "1e300", "3155760001",
            "1e-300", "1000000001"]
# A number, wherever it stands in an attribute's value: alone, in a list of task sizes
# ("400,2400"), in a distribution ("normal(900,134.164)") or before a unit ("60min").
NUMBER = re.compile(r'[0-9]+(?:\.[0-9]*)?(?:e[+-]?[0-9]+)?')
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def mutate(text, rng):
    for _ in range(rng.randint(1, 3)):
        kind = rng.randint(0, 5)
        i = rng.randrange(len(text))
        lines = text.split("\n")
        if kind == 0:
            text = text[:i] + text[i + 1:]
        elif kind == 1:
            text = text[:i] + rng.choice('<>"/=-0123456789.e ') + text[i:]
        elif kind == 2:
            lines.insert(rng.randrange(len(lines)), rng.choice(lines))
            text = "\n".join(lines)
        elif kind == 3:
            del lines[rng.randrange(len(lines))]
            text = "\n".join(lines)
        elif kind == 4:
            numbers = [(v.start(1) + n.start(), v.start(1) + n.end())
                       for v in re.finditer(r'(?:value|speed|bandwidth|latency|core)="([^"]*)"', text)
                       for n in NUMBER.finditer(v.group(1))]
            if numbers:
                begin, end = rng.choice(numbers)
                text = text[:begin] + rng.choice(EXTREMES) + text[end:]
        else:
            # Another attribute's value (a policy, a host, a type...) or none at all.
            values = list(re.finditer(r'="([^"]*)"', text))
            if values:
                m = rng.choice(values)
                other = rng.choice(values + [None])
                text = text[:m.start(1)] + (other.group(1) if other else "") + text[m.end(1):]
    return text


def shipped_scenarios():
    """The (platform, deployment) pairs of every shipped scenario, as digest.sh lists them."""
    digest = open(os.path.join(ROOT, "tests", "same_results", "digest.sh")).read()
    pairs = re.findall(r'^\s*"(platforms/\S+\.xml) (deployments/\S+\.xml)"', digest, re.M)
    return [(os.path.join(ROOT, p), os.path.join(ROOT, d)) for p, d in pairs]


def check_scenario(platform, deployment, args, rng, deadline):
    """Runs up to args.runs mutants of one scenario until `deadline`; returns (run, bad)."""
    base_p = open(platform).read()
    base_d = open(deployment).read()
    name = os.path.splitext(os.path.basename(deployment))[0]
    bad = 0
    # Mutants live next to the originals' own directory layout: workload paths stay valid.
    work = os.path.dirname(os.path.abspath(deployment))
    n = 0
    while n < args.runs and time.monotonic() < deadline:
        in_platform = rng.random() < 0.3
        p = mutate(base_p, rng) if in_platform else base_p
        d = base_d if in_platform else mutate(base_d, rng)
        pf = os.path.join(args.out, "p.xml")
        df = os.path.join(work, ".mutant-%d.xml" % os.getpid())
        open(pf, "w").write(p)
        open(df, "w").write(d)
        try:
            r = subprocess.run(["timeout", str(args.timeout), args.botsim, "run", pf, df, "--out",
                                os.path.join(args.out, "run"), "--quiet"],
                               capture_output=True, text=True)
        finally:
            os.remove(df)
        if r.returncode not in (0, 2):
            bad += 1
            os.makedirs(os.path.join(args.out, "bad"), exist_ok=True)
            stem = os.path.join(args.out, "bad", "%s-%d-%d" % (name, args.seed, n))
            open(stem + "-p.xml", "w").write(p)
            open(stem + "-d.xml", "w").write(d)
            last = r.stderr.strip().splitlines()[-1:] if r.stderr else ""
            print("%s mutant %d: exit %d: %s" % (name, n, r.returncode, last))
        n += 1
    print("%s: %d mutants, %d bad" % (name, n, bad), flush=True)
    return n, bad


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--runs", type=int, default=200)
    ap.add_argument("--botsim", default=os.path.join(ROOT, "build", "botsim"))
    ap.add_argument("--all", action="store_true")
    ap.add_argument("--platform", default=os.path.join(ROOT, "platforms", "badg.xml"))
    ap.add_argument("--deployment", default=os.path.join(ROOT, "deployments", "sulistio2005.xml"))
    ap.add_argument("--out", help="default: a temporary directory, removed if no mutant failed")
    ap.add_argument("--timeout", type=int, default=20)
    ap.add_argument("--budget", type=float, default=float("inf"))
    args = ap.parse_args()
    own_out = args.out is None
    if own_out:
        args.out = tempfile.mkdtemp(prefix="botsim-mutants-")
    os.makedirs(args.out, exist_ok=True)
    rng = random.Random(args.seed)
    scenarios = shipped_scenarios() if args.all else [(args.platform, args.deployment)]
    start = time.monotonic()
    total = bad = 0
    for k, (platform, deployment) in enumerate(scenarios):
        # Each scenario gets an equal share of what is left of the budget.
        share = (args.budget - (time.monotonic() - start)) / (len(scenarios) - k)
        n, b = check_scenario(platform, deployment, args, rng, time.monotonic() + share)
        total += n
        bad += b
    print("%d mutants of %d scenarios, %d bad (kept in %s)"
          % (total, len(scenarios), bad, os.path.join(args.out, "bad")))
    if own_out and not bad:
        shutil.rmtree(args.out)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
