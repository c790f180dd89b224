#!/usr/bin/env python3
"""Scores key detectors on issue 33's test set (written by key-test-set into FOLDER with truth.tsv).

Usage: key_judge.py SEGUE FOLDER [QMKEY]. Segue's keys come from `segue analyze --json`; essentia's
KeyExtractor runs with the profiles `edma` and `bgate`; QMKEY, when given, is the Queen Mary
detector's harness (Benchmarks/key_qm, libqm-dsp), fed each file decoded by the ffmpeg CLI. Prints
each detector's exact share and MIREX weighted score (exact 1, fifth 0.5, relative 0.3, parallel
0.2), then the tracks any of them got wrong.
"""

import json
import os
import subprocess
import sys

PITCH = {"C": 0, "C#": 1, "Db": 1, "D": 2, "D#": 3, "Eb": 3, "E": 4, "F": 5, "F#": 6, "Gb": 6, "G": 7, "G#": 8, "Ab": 8,
         "A": 9, "A#": 10, "Bb": 10, "B": 11}


def weighted(found, truth):
    """MIREX's score of one answer: (tonic, minor) pairs."""
    if found is None:
        return 0.0
    if found == truth:
        return 1.0
    (tonic, minor), (true_tonic, true_minor) = found, truth
    if minor == true_minor and (tonic - true_tonic) % 12 in (5, 7):
        return 0.5
    relative = (true_tonic + 3) % 12 if true_minor else (true_tonic - 3) % 12
    if minor != true_minor and tonic == relative:
        return 0.3
    if minor != true_minor and tonic == true_tonic:
        return 0.2
    return 0.0


def segue_keys(segue, files):
    report = json.loads(subprocess.run([segue, "analyze", "--no-cache", "--no-tempo", "--json"] + files, check=True, capture_output=True).stdout)
    return [(PITCH[t["key"]["tonic"]], t["key"]["mode"] == "minor") if t["key"]["tonic"] else None for t in report["tracks"]]


def essentia_keys(files, profile):
    import essentia.standard as es
    keys = []
    for path in files:
        audio = es.MonoLoader(filename=path, sampleRate=44100)()
        key, scale, _ = es.KeyExtractor(profileType=profile)(audio)
        keys.append((PITCH[key], scale == "minor"))
    return keys


def qm_keys(harness, files):
    keys = []
    for path in files:
        decoded = subprocess.run(["ffmpeg", "-nostdin", "-loglevel", "error", "-i", path, "-ac", "1", "-f", "f64le", "-"],
                                 check=True, capture_output=True).stdout
        answer = subprocess.run([harness, "44100"], input=decoded, check=True, capture_output=True).stdout.decode().split()
        keys.append((int(answer[0]), answer[1] == "minor") if len(answer) == 2 else None)
    return keys


def main(segue, folder, harness=None):
    rows = [line.rstrip("\n").split("\t") for line in open(os.path.join(folder, "truth.tsv"))]
    files = [os.path.join(folder, f"{int(number):02d}.flac") for number, _, _, _ in rows]
    truth = [(int(tonic), mode == "minor") for _, _, tonic, mode in rows]
    answers = {"segue": segue_keys(segue, files)}
    for profile in ["edma", "bgate"]:
        answers[f"essentia KeyExtractor {profile}"] = essentia_keys(files, profile)
    if harness:
        answers["Queen Mary (libqm-dsp)"] = qm_keys(harness, files)
    print(f"    {'detector':<34}{'exact':>12}{'weighted':>10}")
    for name, found in answers.items():
        exact = sum(1 for f, t in zip(found, truth) if f == t)
        score = sum(weighted(f, t) for f, t in zip(found, truth)) / len(truth)
        print(f"    {name:<34}{exact:>5}/{len(truth)} {100 * exact / len(truth):4.1f}%{score:>10.3f}")
    names = ["C", "C#", "D", "Eb", "E", "F", "F#", "G", "Ab", "A", "Bb", "B"]
    spell = lambda key: "-" if key is None else f"{names[key[0]]}{'m' if key[1] else ''}"
    print("\n    tracks any detector got wrong: the truth, then each detector's answer, in the table's order")
    for index, row in enumerate(rows):
        if any(found[index] != truth[index] for found in answers.values()):
            print(f"    {row[1]:<58} {spell(truth[index]):<5}" + "  ".join(spell(found[index]) for found in answers.values()))
    segue_score = sum(weighted(f, t) for f, t in zip(answers["segue"], truth)) / len(truth)
    ahead = all(segue_score > sum(weighted(f, t) for f, t in zip(answers[f"essentia KeyExtractor {p}"], truth)) / len(truth)
                for p in ["edma", "bgate"])
    print(f"\n    segue ahead of both essentia profiles: {'PASS' if ahead else 'MISS'}")


if __name__ == "__main__":
    main(*sys.argv[1:])
