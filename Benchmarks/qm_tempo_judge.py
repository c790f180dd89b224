#!/usr/bin/env python3
"""Judges the Queen Mary tempo tracker (libqm-dsp) on the real recordings, as a witness Segue could take.

Usage: qm_tempo_judge.py HARNESS SEGUE WORK TABLES. HARNESS is Benchmarks/tempo_qm/qmtempo built
with g++; each track of the tables (and its 48 kHz FLAC and 128k MP3 copies, made by real_judge
in WORK) is decoded to mono by the ffmpeg CLI and tracked. Its tempo is the mean spacing of its
beats within 3 % of their median; it is steady (counted as sure) where the tempo of each run of
8 beats (every 4 beats) is within 2 % of it in at least STEADY of the runs. Prints, per copy, its
coverage by real_judge's rules, and what Segue's would be if it took a steady tracker's tempo where
its own is unsure (its own tempo where the two agree once folded into one octave, in the
tracker's octave; the tracker's otherwise): a simulation that weighs the witness before it is built.
Last, the ceiling of any rule over the two: on how many tracks with a reference either one's
tempo, sure or not (Segue's estimate where it has no grid), is right as given, or right once
halved, doubled, quartered or quadrupled (`ceiling`). Coverage counts only tracks whose tempo is
right, so no rule that gives one of these two tempos, whatever it decides about being sure and
about the octave, can reach past it.
"""

import math
import subprocess
import sys

import real_references as rules
from real_judge import COPIES, answer, copy, coverage_line, segue_tracks, tally, tracks

STEADY = 0.75


def tracked(harness, path):
    """The tracker's (bpm, steady) for one file; (None, False) with too few beats."""
    rate = "48000" if path.endswith(".flac") else "44100"
    pcm = subprocess.run(["ffmpeg", "-nostdin", "-loglevel", "quiet", "-i", path, "-ac", "1", "-ar", rate, "-f", "f64le", "-"],
                         check=True, capture_output=True).stdout
    beats = [float(line) for line in subprocess.run([harness, rate], input=pcm, check=True, capture_output=True).stdout.split()]
    spacings = [b - a for a, b in zip(beats, beats[1:])]
    if len(spacings) < 16:
        return None, False
    median = sorted(spacings)[len(spacings) // 2]
    kept = [s for s in spacings if abs(s / median - 1) < 0.03]
    bpm = 60 / (sum(kept) / len(kept))
    runs = [sorted(spacings[i:i + 8])[4] for i in range(0, len(spacings) - 8, 4)]
    steady = sum(1 for r in runs if abs(60 / r / bpm - 1) < 0.02) / max(len(runs), 1)
    return bpm, steady >= STEADY


def folded(bpm):
    """A tempo doubled or halved into 78-156 BPM."""
    while bpm < 78:
        bpm *= 2
    while bpm >= 156:
        bpm /= 2
    return bpm


def witnessed(segue, tracker):
    """Segue's answer, or the steady tracker's where Segue is unsure: (bpm, sure)."""
    (bpm, sure), (heard, steady) = segue, tracker
    if sure or not steady:
        return bpm, sure
    if bpm and abs(folded(bpm) / folded(heard) - 1) < 0.02:
        return bpm * 2.0 ** round(math.log2(heard / bpm)), True
    return heard, True


def right_at_some_octave(bpm, reference):
    """Whether bpm, or it halved, doubled, quartered or quadrupled, is right for the reference."""
    return bool(bpm) and any(rules.tempo_right(bpm * factor, reference) for factor in (0.25, 0.5, 1, 2, 4))


def estimate(track):
    """Segue's tempo for one track, sure or not: its grid's, or aubio's estimate where it has no grid."""
    tempo = track.get("tempo") or {}
    return tempo.get("beatsPerMinute") or tempo.get("estimatedBPM")


def ceiling(kind, own, heard, tempos):
    """How many tracks with a reference Segue's tempo (`estimate`), the tracker's, or either is right on (sure or not)."""
    judged = [(mine, theirs, t) for mine, (theirs, _), t in zip(own, heard, tempos) if t is not None]
    counts = []
    for right in (rules.tempo_right, right_at_some_octave):
        counts += [sum(1 for mine, _, t in judged if right(mine, t)), sum(1 for _, theirs, t in judged if right(theirs, t)),
                   sum(1 for mine, theirs, t in judged if right(mine, t) or right(theirs, t))]
    total = len(judged)
    share = lambda n: f"{n:>2} ({100 * n / max(total, 1):4.1f}%)"
    print(f"      ceiling on {kind} ({total} with a reference), right whether sure or not: segue {share(counts[0])},"
          f" qm-dsp {share(counts[1])}, either {share(counts[2])}; at some octave: segue {share(counts[3])},"
          f" qm-dsp {share(counts[4])}, either {share(counts[5])}")


def main(harness, segue, work, tables):
    found = tracks(tables)
    tempos = [tempo for _, _, _, tempo, _, _ in found]
    print("\n    Tempo of the Queen Mary tracker (libqm-dsp TempoTrackV2; steady counts as sure), and Segue taking it as a witness")
    for kind in COPIES:
        paths = [copy(path, work, kind, package) for package, _, path, *_ in found]
        heard = [tracked(harness, path) for path in paths]
        analyzed = segue_tracks(segue, paths)
        own = [answer(track)[:2] for track in analyzed]
        print(coverage_line(f"qm-dsp {kind}", tally(heard, tempos, rules.tempo_right)))
        combined = [witnessed(mine, theirs) for mine, theirs in zip(own, heard)]
        print(coverage_line(f"segue + qm-dsp witness {kind}", tally(combined, tempos, rules.tempo_right)))
        wrong = [f"{name} {bpm:.1f} (ref {t[0]:.1f}{'~' if t[1] else ''})" for (_, name, *_), (bpm, sure), t in zip(found, combined, tempos)
                 if sure and t and not rules.tempo_right(bpm, t)]
        if wrong:
            print(f"      sure and wrong with the witness: {', '.join(wrong)}")
        ceiling(kind, [estimate(track) for track in analyzed], heard, tempos)


if __name__ == "__main__":
    main(*sys.argv[1:])
