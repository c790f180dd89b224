#!/usr/bin/env python3
"""Judges Segue's tempo and key on real recordings against the committed reference tables (issue 46).

Usage: real_judge.py SEGUE WORK TABLES. For every track of every table in TABLES (real_peers.py
wrote them), segue analyzes the Ogg file as Debian ships it and its 48 kHz FLAC and 128k MP3
copies (made with the ffmpeg CLI in WORK). Prints a row per track: the reference and Segue's
answer on each copy; then, for each copy, Segue's sure-and-wrong tempos and keys and its coverage
(sure and right over the tracks with a reference), and each peer's leave-one-out agreement worked
out the same way, a peer being always sure. A tempo is right within 2 % of the reference, or at
half or double it where the reference is ambiguous by octave; an octave answer is wrong otherwise.
A key is right when it is the reference's; Segue says whether its key is sure (the table's '?'
where it is not). The MIREX weighted key score (key_judge.weighted) is shown beside.
"""

import json
import os
import subprocess
import sys

import real_references as rules
from key_judge import weighted

COPIES = {"ogg": None, "flac48k": ["-ar", "48000", "-sample_fmt", "s32", "-c:a", "flac"], "mp3-128k": ["-c:a", "libmp3lame", "-b:a", "128k"]}
EXTENSIONS = {"flac48k": "flac", "mp3-128k": "mp3"}


def tracks(tables):
    """Every track of the tables in TABLES: (package, file, path, tempo reference, key reference, row)."""
    found = []
    for package, folder in rules.FOLDERS.items():
        for row in rules.read_table(os.path.join(tables, package + ".tsv")):
            tempo = rules.tempo_reference(list(rules.row_tempos(row).values()))
            key = rules.key_reference(list(rules.row_keys(row).values()))
            found.append((package, row["file"], os.path.join(folder, row["file"]), tempo, key, row))
    return found


def copy(path, work, kind, package):
    """The path of one copy of a track, made with the ffmpeg CLI the first time it is asked for."""
    if COPIES[kind] is None:
        return path
    target = os.path.join(work, kind, package, os.path.splitext(os.path.basename(path))[0] + "." + EXTENSIONS[kind])
    if not os.path.exists(target):
        os.makedirs(os.path.dirname(target), exist_ok=True)
        subprocess.run(["ffmpeg", "-nostdin", "-loglevel", "error", "-y", "-i", path] + COPIES[kind] + [target], check=True)
    return target


def segue_tracks(segue, paths):
    """segue analyze's JSON object for each path, in the order of paths."""
    output = subprocess.run([segue, "analyze", "--no-cache", "--json", "--progress", "none"] + paths,
                            check=True, capture_output=True, text=True).stdout
    by_file = {track["file"]: track for track in json.loads(output)["tracks"]}
    return [by_file[path] for path in paths]


def answer(track):
    """One track's tempo and key from its JSON object: (bpm or None, tempo sure, key or None, key sure)."""
    tempo, key = track.get("tempo") or {}, track.get("key") or {}
    found = rules.key_parse(key["tonic"] + ("m" if key.get("mode") == "minor" else "")) if key.get("tonic") else None
    return tempo.get("beatsPerMinute"), bool(tempo.get("sure")), found, bool(key.get("sure"))


def segue_answers(segue, paths):
    """segue analyze's tempo and key of each path: [(bpm or None, tempo sure, key or None, key sure)]."""
    return [answer(track) for track in segue_tracks(segue, paths)]


def tempo_verdict(found, reference):
    """'ok', 'octave' (wrong unless the reference is ambiguous by octave), 'wrong', 'none' (no answer) or '' (no reference)."""
    if reference is None:
        return ""
    if not found:
        return "none"
    if rules.tempo_right(found, reference):
        return "ok"
    return "octave" if rules.tempo_right(found, (reference[0], True)) else "wrong"


def tally(answers, references, right):
    """Counts over the tracks with a reference: (with a reference, sure and right, sure and wrong).

    answers: [(answer, sure)]; references: the matching references (None where there is none).
    """
    judged = [(answer, sure, reference) for (answer, sure), reference in zip(answers, references) if reference is not None]
    return (len(judged), sum(1 for answer, sure, reference in judged if sure and right(answer, reference)),
            sum(1 for answer, sure, reference in judged if sure and answer and not right(answer, reference)))


def coverage_line(name, counts, extra=""):
    """One summary line: sure-and-wrong, sure-and-right and coverage."""
    total, right, wrong = counts
    share = f"{100 * right / total:5.1f}%" if total else "    -"
    return f"    {name:<36} sure and wrong {wrong:>3}   sure and right {right:>3} of {total:>3}   coverage {share}{extra}"


def print_rows(found, segue):
    """The per-track table: the reference, then Segue's answer and verdict on each copy."""
    print(f"    {'track':<36}{'ref bpm':>8}  " + "".join(f"{kind:>18}" for kind in COPIES) + f"   {'ref key':<9}" +
          "".join(f"{kind:>20}" for kind in COPIES))
    for index, (package, name, _, tempo, key, _) in enumerate(found):
        shown = "-" if tempo is None else f"{tempo[0]:.2f}{'~' if tempo[1] else ''}"
        row = f"    {package.split('-')[0] + '/' + name:<36}{shown:>8}  "
        for kind in COPIES:
            bpm, sure, _, _ = segue[kind][index]
            row += f"{(f'{bpm:.2f}' if bpm else '-') + ('*' if sure else ' '):>10} {tempo_verdict(bpm, tempo):<7}"
        row += f"   {rules.key_spell(key):<9}"
        for kind in COPIES:
            _, _, found_key, sure = segue[kind][index]
            verdict = "" if key is None else ("ok" if found_key == key else "wrong")
            row += f"{rules.key_spell(found_key) + ('*' if sure else ' '):>14} {verdict:<5}"
        print(row)
    print("    (* sure; ~ reference ambiguous by octave, either octave right; verdicts only where there is a reference)")


def print_summary(found, segue):
    """Segue's sure-and-wrong counts and coverage on each copy, then each peer's leave-one-out agreement."""
    tempos = [tempo for _, _, _, tempo, _, _ in found]
    keys = [key for _, _, _, _, key, _ in found]
    print(f"\n    {len(found)} tracks; a tempo reference for {sum(t is not None for t in tempos)}"
          f" ({sum(1 for t in tempos if t and t[1])} ambiguous by octave), a key reference for {sum(k is not None for k in keys)}"
          f" ({sum(1 for k, (*_, row) in zip(keys, found) if k and rules.row_keys(row)['madmom'] == k)} with madmom's vote)")
    key_right = lambda answer, reference: answer == reference
    print("\n    Tempo (coverage: sure and right over the tracks with a tempo reference)")
    for kind in COPIES:
        answers = [(bpm, sure) for bpm, sure, _, _ in segue[kind]]
        octaves = sum(1 for (bpm, sure), t in zip(answers, tempos) if sure and tempo_verdict(bpm, t) == "octave")
        print(coverage_line(f"segue {kind}", tally(answers, tempos, rules.tempo_right), f"   ({octaves} of the wrong an octave)"))
    for peer in rules.TEMPO_PEERS:
        pairs = [rules.leave_one_out(rules.row_tempos(row), rules.tempo_reference)[peer] for *_, row in found]
        print(coverage_line(f"{peer} (leave one out)", tally([(answer, True) for answer, _ in pairs], [r for _, r in pairs], rules.tempo_right)))
    print("\n    Key (coverage: sure and right over the tracks with a key reference; MIREX weighted score over the same)")
    for kind in COPIES:
        answers = [(found_key, sure) for _, _, found_key, sure in segue[kind]]
        score = [weighted(answer, k) for (answer, _), k in zip(answers, keys) if k is not None]
        print(coverage_line(f"segue {kind}", tally(answers, keys, key_right), f"   weighted {sum(score) / max(len(score), 1):.3f}"))
    for peer in rules.KEY_PEERS:
        pairs = [rules.leave_one_out(rules.row_keys(row), rules.key_reference)[peer] for *_, row in found]
        score = [weighted(answer, k) for answer, k in pairs if k is not None]
        print(coverage_line(f"{peer} (leave one out)", tally([(answer, True) for answer, _ in pairs], [k for _, k in pairs], key_right),
                            f"   weighted {sum(score) / max(len(score), 1):.3f}"))


def main(segue, work, tables):
    """Copies the tracks, has segue analyze each copy, and prints the rows and the summary."""
    found = tracks(tables)
    segue_by_copy = {}
    for kind in COPIES:
        paths = [copy(path, work, kind, package) for package, _, path, *_ in found]
        segue_by_copy[kind] = segue_answers(segue, paths)
    print_rows(found, segue_by_copy)
    print_summary(found, segue_by_copy)


if __name__ == "__main__":
    main(*sys.argv[1:])
