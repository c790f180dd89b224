#!/usr/bin/env python3
"""The reference rules of Benchmarks/real-analysis (issue 46), shared by the peers' runner and the judge.

No peer runs here and nothing is imported beyond the standard library and key_judge's spellings, so
tests and the judge can derive the references from a committed table alone.

Tempo: a reference where at least two analysers agree within 2 % (the mean of the agreeing ones);
failing that, where two agree within 2 % once one of them is halved or doubled: the reference is
then "ambiguous by octave" (given in the slower octave) and either octave of it counts as right.
Key: a reference where at least two of the key answers (essentia's three profiles and madmom) name
the same key and no other key gets as many. Each peer is scored against the reference of the
others alone (leave one out); Segue against the reference of all of them.
"""

import csv
import os
from itertools import combinations

from key_judge import PITCH

TOLERANCE = 0.02
FOLDERS = {"hedgewars-data": "/usr/share/games/hedgewars/Data/Music",
           "wesnoth-1.16-music": "/usr/share/games/wesnoth/1.16/data/core/music"}
TEMPO_PEERS = ["essentia", "librosa", "madmom"]
KEY_PEERS = ["essentia_edma", "essentia_krumhansl", "essentia_temperley", "madmom"]
NAMES = ["C", "C#", "D", "Eb", "E", "F", "F#", "G", "Ab", "A", "Bb", "B"]


def agree(first, second):
    """Whether two tempos agree within TOLERANCE of their mean."""
    return abs(first - second) <= TOLERANCE * (first + second) / 2


def tempo_reference(tempos):
    """The reference of some analysers' tempos (None where one gave none): (bpm, octave-ambiguous) or None.

    The largest group agreeing pairwise wins (ties go to the group whose spread is smallest); the
    octave rule applies only when no two agree as they are.
    """
    given = [tempo for tempo in tempos if tempo]
    for size in range(len(given), 1, -1):
        groups = [group for group in combinations(given, size) if all(agree(a, b) for a, b in combinations(group, 2))]
        if groups:
            best = min(groups, key=lambda group: max(group) / min(group))
            return sum(best) / len(best), False
    pairs = [(a, b) for a, b in combinations(given, 2) if agree(min(a, b) * 2, max(a, b))]
    if pairs:
        a, b = min(pairs, key=lambda pair: abs(max(pair) / min(pair) - 2))
        slow, fast = min(a, b), max(a, b)
        return (slow + fast / 2) / 2, True
    return None


def tempo_right(found, reference):
    """Whether a tempo answer matches a reference (bpm, octave-ambiguous) within TOLERANCE."""
    if not found or reference is None:
        return False
    bpm, ambiguous = reference
    return any(agree(found, bpm * factor) for factor in ((0.5, 1.0, 2.0) if ambiguous else (1.0,)))


def key_parse(text):
    """A key as (pitch class, minor) from any spelling: 'F# minor', 'Bb major', 'Ebm', 'G'; None for '-' or ''."""
    if not text or text == "-":
        return None
    words = text.split()
    if len(words) == 2:
        return PITCH[words[0]], words[1] == "minor"
    minor = text.endswith("m")
    return PITCH[text[:-1] if minor else text], minor


def key_spell(key):
    """A key as the tables write it: 'F# minor', 'Bb major'; '-' for None."""
    return "-" if key is None else f"{NAMES[key[0]]} {'minor' if key[1] else 'major'}"


def key_reference(keys):
    """The key most answers name when at least two do and no other key as many; else None."""
    counts = {}
    for key in keys:
        if key is not None:
            counts[key] = counts.get(key, 0) + 1
    if not counts:
        return None
    most = max(counts.values())
    leaders = [key for key, count in counts.items() if count == most]
    return leaders[0] if most >= 2 and len(leaders) == 1 else None


def read_table(path):
    """A reference table's rows (dicts by column), without its '#' lines; [] when there is none."""
    if not os.path.exists(path):
        return []
    with open(path) as source:
        return list(csv.DictReader((line for line in source if not line.startswith("#")), delimiter="\t"))


def row_tempos(row):
    """A table row's tempo answers by peer (None where a peer gave none)."""
    return {peer: (float(row[f"{peer}_bpm"]) if row[f"{peer}_bpm"] != "-" else None) for peer in TEMPO_PEERS}


def row_keys(row):
    """A table row's key answers by peer, as (pitch class, minor) or None."""
    return {peer: key_parse(row[f"{peer}_key"]) for peer in KEY_PEERS}


def leave_one_out(answers, reference):
    """Each analyser's answer with the reference the others make: {name: (answer, reference)}."""
    return {name: (answer, reference([other for peer, other in answers.items() if peer != name]))
            for name, answer in answers.items()}
