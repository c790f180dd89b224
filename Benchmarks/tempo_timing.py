#!/usr/bin/env python3
"""Times segue's analysis pass on the tempo set, with and without tempo, against the ffmpeg CLI.

Usage: tempo_timing.py SEGUE FOLDER. Each file is analysed alone (segue analyze --no-cache, with
and without --no-tempo; ffmpeg -af ebur128=peak=true, the loudness peer), the best of three runs
each, and the sums compared: issue 29 asks that tempo cost at most 1.5x the analysis without it,
and the whole pass at most 0.5x the ffmpeg CLI's time.
"""

import json
import os
import subprocess
import sys
import time


def best_of_three(command):
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        best = min(best, time.perf_counter() - start)
    return best


def main(segue, folder):
    with open(os.path.join(folder, "truth.json")) as source:
        files = [os.path.join(folder, name) for name in sorted(json.load(source))]
    totals = {"with tempo": 0.0, "without tempo": 0.0, "ffmpeg ebur128": 0.0}
    for path in files:
        totals["with tempo"] += best_of_three([segue, "analyze", "--no-cache", path])
        totals["without tempo"] += best_of_three([segue, "analyze", "--no-cache", "--no-tempo", path])
        totals["ffmpeg ebur128"] += best_of_three(["ffmpeg", "-nostdin", "-i", path, "-af", "ebur128=peak=true", "-f", "null", "-"])
    for name, seconds in totals.items():
        print(f"    {name:<16}{seconds:8.2f} s over {len(files)} files")
    tempo_cost = totals["with tempo"] / totals["without tempo"]
    against_ffmpeg = totals["with tempo"] / totals["ffmpeg ebur128"]
    print(f"    {'analysis with tempo / without':<60}{tempo_cost:.2f}x  {'PASS' if tempo_cost <= 1.5 else 'MISS'} (at most 1.5x)")
    print(f"    {'analysis with tempo / ffmpeg ebur128=peak=true':<60}{against_ffmpeg:.2f}x  {'PASS' if against_ffmpeg <= 0.5 else 'MISS'} (at most 0.5x)")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
