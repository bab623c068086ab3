#!/usr/bin/env python3
"""Mutation check of botsim's input handling (not run by ctest: it is slow and random).

Mutates a shipped platform/deployment pair (deleted or inserted characters, duplicated or
dropped lines, extreme numbers, changed policies) and runs `botsim run` on each mutant. Every
run must end with exit code 0 or 2 within the time limit: never a signal, an internal error or
a hang (CONTRACT.md). Failing mutants are kept in OUT/bad/ for a regression test.

  tests/fuzz/mutate_scenarios.py [--seed N] [--runs N] [--botsim build/botsim]
      [--platform platforms/badg.xml] [--deployment deployments/sulistio2005.xml] [--out DIR]
"""
import argparse
import os
import random
import re
import subprocess
import sys
import tempfile

EXTREMES = ["0", "-1", "1e308", "0.0001", "nan", "inf", "99999999999"]


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
            numbers = list(re.finditer(r'value="([0-9.]+)', text))
            if numbers:
                m = rng.choice(numbers)
                text = text[:m.start(1)] + rng.choice(EXTREMES) + text[m.end(1):]
        else:
            text = text.replace("no-opt", rng.choice(["global", "local", "x", ""]), 1)
    return text


def main():
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--runs", type=int, default=200)
    ap.add_argument("--botsim", default=os.path.join(root, "build", "botsim"))
    ap.add_argument("--platform", default=os.path.join(root, "platforms", "badg.xml"))
    ap.add_argument("--deployment", default=os.path.join(root, "deployments", "sulistio2005.xml"))
    ap.add_argument("--out", default=tempfile.mkdtemp(prefix="botsim-mutants-"))
    ap.add_argument("--timeout", type=int, default=20)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    base_p = open(args.platform).read()
    base_d = open(args.deployment).read()
    bad = 0
    # Mutants live next to the originals' own directory layout: workload paths stay valid.
    work = os.path.dirname(os.path.abspath(args.deployment))
    for n in range(args.runs):
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
            open(os.path.join(args.out, "bad", "%d-%d-p.xml" % (args.seed, n)), "w").write(p)
            open(os.path.join(args.out, "bad", "%d-%d-d.xml" % (args.seed, n)), "w").write(d)
            print("exit %d: %s" % (r.returncode, r.stderr.strip().splitlines()[-1:] if r.stderr else ""))
    print("%d mutants, %d bad (kept in %s)" % (args.runs, bad, os.path.join(args.out, "bad")))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
