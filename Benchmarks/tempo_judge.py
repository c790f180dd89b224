#!/usr/bin/env python3
"""Judges the tempo and beats segue and essentia find in the test set tempo_set.py made.

Usage: tempo_judge.py SEGUE FOLDER. Prints a row per track (the true tempo; each tool's tempo,
verdict and median beat error) and the totals with issue 29's targets. A tempo is exact within
0.05 BPM of the truth, an octave answer when it is half or double that; the beat error is the
median distance from each true beat (inside the span the tool gave beats for) to the nearest beat
it found, in milliseconds, on the tracks whose tempo it got exact.
"""

import json
import os
import statistics
import subprocess
import sys

import numpy as np


def verdict(found, truth):
    if found is None:
        return "none"
    if abs(found - truth) <= 0.05:
        return "exact"
    if any(abs(found - truth * factor) <= 0.05 * factor for factor in (0.5, 2.0)):
        return "octave"
    return "wrong"


def beat_error(found, truth):
    """The median distance in ms from each true beat inside the found beats' span to the nearest."""
    if len(found) < 2:
        return None
    found = np.array(sorted(found))
    inside = [beat for beat in truth if found[0] - 0.1 <= beat <= found[-1] + 0.1]
    if not inside:
        return None
    distances = [np.min(np.abs(found - beat)) for beat in inside]
    return 1000 * statistics.median(distances)


def segue_results(segue, paths):
    output = subprocess.run([segue, "analyze", "--no-cache", "--json"] + paths, check=True, capture_output=True, text=True).stdout
    results = []
    for track in json.loads(output)["tracks"]:
        tempo = track.get("tempo") or {}
        results.append((tempo.get("beatsPerMinute"), tempo.get("confidence", 0.0), tempo.get("beats", [])))
    return results


def essentia_results(paths):
    import essentia.standard as es
    results = []
    for path in paths:
        # Decoded by the ffmpeg CLI (essentia's own loader lacks some codecs), mono at 44.1 kHz.
        raw = subprocess.run(["ffmpeg", "-nostdin", "-loglevel", "error", "-i", path, "-ac", "1", "-ar", "44100", "-f", "f32le", "-"],
                             check=True, capture_output=True).stdout
        audio = np.frombuffer(raw, dtype="<f4").astype(np.float32)
        bpm, ticks, confidence, _, _ = es.RhythmExtractor2013(method="multifeature")(audio)
        results.append((float(bpm), float(confidence), [float(tick) for tick in ticks]))
    return results


def main(segue, folder):
    with open(os.path.join(folder, "truth.json")) as source:
        truth = json.load(source)
    names = sorted(truth)
    paths = [os.path.join(folder, name) for name in names]
    tools = {"segue": segue_results(segue, paths), "essentia": essentia_results(paths)}
    print(f"    {'track':<24}{'truth':>7}  {'segue':>9} {'sure':>5} {'verdict':>8} {'beats ms':>9}  {'essentia':>9} {'verdict':>8} {'beats ms':>9}")
    errors = {tool: {} for tool in tools}
    verdicts = {tool: [] for tool in tools}
    for index, name in enumerate(names):
        expected = truth[name]["bpm"]
        row = f"    {name:<24}{expected:>7}"
        for tool, results in tools.items():
            bpm, confidence, beats = results[index]
            judged = verdict(bpm, expected)
            verdicts[tool].append(judged)
            error = beat_error(beats, truth[name]["beats"]) if judged == "exact" else None
            if error is not None:
                errors[tool][name] = error
            shown = f"{bpm:.3f}" if bpm else "-"
            sure = f" {confidence:>5.2f}" if tool == "segue" else ""
            row += f"  {shown:>9}{sure} {judged:>8} {('%.1f' % error) if error is not None else '-':>9}"
        print(row)
    both = sorted(set(errors["segue"]) & set(errors["essentia"]))
    medians = {tool: (statistics.median([errors[tool][name] for name in both]) if both else float("nan")) for tool in tools}
    for tool in tools:
        counts = {kind: verdicts[tool].count(kind) for kind in ("exact", "octave", "wrong", "none")}
        print(f"    {tool:<9} exact {counts['exact']:>2}, octave {counts['octave']:>2}, wrong {counts['wrong']:>2}, none {counts['none']:>2} of {len(names)}; "
              f"median beat error on the {len(both)} tracks both get exact: {medians[tool]:.1f} ms")
    exact = {tool: verdicts[tool].count("exact") for tool in tools}
    print(f"    {'segue finds more exact tempos than essentia':<60}{'PASS' if exact['segue'] > exact['essentia'] else 'MISS'}")
    print(f"    {'segue beat error under essentia on tracks both get exact':<60}{'PASS' if medians['segue'] < medians['essentia'] else 'MISS'}")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
