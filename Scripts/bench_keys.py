"""The steps of Scripts/bench-keys.sh that are easier in Python.

  bench_keys.py words WORDS.tsv           the Hangul words of a word list, one a line
  bench_keys.py lines SPELLED.txt         1,000,000 random lines of spelled words (seed 23)
  bench_keys.py time LINES BINARY [MAP]   times `BINARY keys` on LINES, and Hwalja's rule with
                                          node on MAP if given, in turn; medians and the ratio
"""

import os
import random
import re
import resource
import statistics
import subprocess
import sys
import time

LINES = 1_000_000
# A line holds words until it has this many keys: about a dozen on average.
KEYS_PER_LINE = 6
# Timed runs of each command (BENCH_ROUNDS), after one that is not counted.
ROUNDS = int(os.environ.get("BENCH_ROUNDS", "7"))


def words(path):
    for line in open(path, encoding="utf-8"):
        word = line.split("\t")[0]
        if re.fullmatch("[\uac00-\ud7a3]+", word):
            print(word)


def lines(path):
    spelled = open(path, encoding="utf-8").read().split()
    rng = random.Random(23)
    out = []
    for _ in range(LINES):
        line = rng.choice(spelled)
        while len(line) < KEYS_PER_LINE:
            line += "__" + rng.choice(spelled)
        out.append(line)
    sys.stdout.write("\n".join(out) + "\n")
    keys = sum(map(len, out)) / len(out)
    print(f"input: {len(out):,} lines, {keys:.1f} keys per line on average, e.g. {out[0]}",
          file=sys.stderr)


def time_commands(lines_path, binary, hangul_map=None):
    commands = {"cheonjiin keys": [binary, "keys", "--layout", "cheonjiin-hwalja"]}
    if hangul_map:
        commands["Hwalja (node)"] = ["node", "Scripts/hwalja-keys.js", hangul_map]
    wall = {name: [] for name in commands}
    cpu = {name: [] for name in commands}
    # In turn, so that a busy machine slows both alike; the first round warms the caches.
    for round_number in range(ROUNDS + 1):
        for name, command in commands.items():
            with open(lines_path, "rb") as source:
                before = resource.getrusage(resource.RUSAGE_CHILDREN)
                start = time.perf_counter()
                subprocess.run(command, stdin=source, stdout=subprocess.DEVNULL, check=True)
                elapsed = time.perf_counter() - start
                after = resource.getrusage(resource.RUSAGE_CHILDREN)
            if round_number > 0:
                wall[name].append(elapsed)
                cpu[name].append(after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)
    for name in commands:
        print(f"{name}: median {statistics.median(wall[name]):.3f} s wall "
              f"({min(wall[name]):.3f}–{max(wall[name]):.3f}), "
              f"{statistics.median(cpu[name]):.3f} s CPU; {len(wall[name])} runs")
    if hangul_map:
        for label, measured in (("wall", wall), ("CPU", cpu)):
            ratios = [theirs / ours for ours, theirs in zip(*measured.values())]
            print(f"keys is {statistics.median(ratios):.1f}× as fast as Hwalja by {label} time "
                  f"(median of {len(ratios)} pairs, {min(ratios):.1f}–{max(ratios):.1f}×; "
                  "target ≥ 4×)")


if __name__ == "__main__":
    step, *arguments = sys.argv[1:]
    {"words": words, "lines": lines, "time": time_commands}[step](*arguments)
