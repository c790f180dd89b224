#!/usr/bin/env python3
"""Pieces whose score states their tempo and key, played by FluidSynth, to judge tempo and key on (issue 46).

Usage: score_set.py TABLE WORK SEGUE. Runs in the peers' virtual environment (music21, essentia,
librosa, madmom). From music21's corpus (the works of composers other than Bach, and the tunes of Aird's Airs,
whose ABC states a tempo: at most TUNES_PER_BOOK of each book), a piece is taken when its
score has one metronome mark with a number, one time signature whose beat is unambiguous (the quarter
in 2/4, 3/4 and 4/4; the dotted quarter in 6/8, 9/8 and 12/8) and the mark counts that beat, a
beat rate from 40 to 220 BPM, and one key signature whose mode the final bass confirms (the lowest
note of the last sounding chord is the tonic of the signature's major or of its minor); every
other candidate is listed with why it was left. Each piece is written as MIDI by music21 (which
plays the mark) and rendered by FluidSynth with the FluidR3 General MIDI sound font into
WORK/NAME.wav. The score's tempo and key are the reference.

The peers (essentia's RhythmExtractor2013 and KeyExtractor profiles, librosa, madmom: the same
calls as real_peers.py) are run once per piece and kept in TABLE (TSV, committed); SEGUE analyzes
every time. Prints a row per piece and, for Segue and each peer: tempos right (within 2 %; an
octave counts as wrong), keys exact, and the MIREX weighted key score. Segue is judged twice: on what it
is sure of (a tempo or key it is not sure of counts as no answer), and on its answer whether sure or
not, as the peers, which say nothing of their confidence, are.
"""

import csv
import os
import subprocess
import sys
import warnings

import real_references as rules
from key_judge import weighted
from real_judge import segue_answers
from real_peers import import_madmom, measure

COMPOSERS = ["beethoven", "mozart", "haydn", "schubert", "schumann_clara", "schumann_robert", "chopin", "joplin", "handel",
             "corelli", "verdi", "weber", "cpebach", "monteverdi"]
# Aird's Selection of Scotch, English, Irish and Foreign Airs (1782-1801): tunes whose ABC gives a tempo.
BOOKS = [f"airdsAirs/book{number}.abc" for number in range(1, 7)]
TUNES_PER_BOOK = 5
SOUND_FONT = "/usr/share/sounds/sf2/FluidR3_GM.sf2"
BEATS = {"2/4": 1.0, "3/4": 1.0, "4/4": 1.0, "6/8": 1.5, "9/8": 1.5, "12/8": 1.5}
PEERS = {"tempo": rules.TEMPO_PEERS, "key": rules.KEY_PEERS}
COLUMNS = ["file", "corpus", "meter", "mark", "score_bpm", "score_key", "seconds"] + [f"{p}_bpm" for p in rules.TEMPO_PEERS] + \
          [f"{p}_key" for p in rules.KEY_PEERS]


def final_bass(score):
    """The pitch class of the lowest note sounding at the piece's last onset."""
    notes = [n for n in score.flatten().notes]
    last = max(n.offset for n in notes)
    ending = [p for n in notes if n.offset == last for p in n.pitches]
    return min(ending, key=lambda p: p.ps).pitchClass


def choose(score):
    """A piece's reference (score, bpm, key, meter, mark) when it meets the rules, else the reason it does not."""
    from music21 import key, meter, tempo
    flat = score.flatten()
    marks = [m for m in flat.getElementsByClass(tempo.MetronomeMark) if m.number]
    meters = flat.getElementsByClass(meter.TimeSignature)
    signatures = flat.getElementsByClass(key.KeySignature)
    if not marks:
        return None, "no metronome mark with a number"
    if not meters or meters[0].ratioString not in BEATS:
        return None, f"meter {meters[0].ratioString if meters else '-'}: its beat is ambiguous"
    if not signatures:
        return None, "no key signature"
    changes = [(len({m.number for m in marks}), "tempo marks"), (len({m.ratioString for m in meters}), "meters"),
               (len({k.sharps for k in signatures}), "key signatures")]
    for count, what in changes:
        if count > 1:
            return None, f"{count} {what}: one reference cannot hold for the whole"
    mark, ratio = marks[0], meters[0].ratioString
    referent = mark.referent.quarterLength if mark.referent else 1.0
    if referent != BEATS[ratio]:
        return None, f"the mark counts {referent:g} quarters, the meter's beat is {BEATS[ratio]:g}"
    bpm = float(mark.number)
    if not 40 <= bpm <= 220:
        return None, f"a beat rate of {bpm:g} BPM"
    signature = signatures[0] if not isinstance(signatures[0], key.Key) else key.KeySignature(signatures[0].sharps)
    major, minor = signature.asKey("major"), signature.asKey("minor")
    bass = final_bass(score)
    if bass == major.tonic.pitchClass:
        found = (major.tonic.pitchClass, False)
    elif bass == minor.tonic.pitchClass:
        found = (minor.tonic.pitchClass, True)
    else:
        return None, f"the final bass ({bass}) confirms neither {major} nor {minor}"
    return (score, bpm, found, ratio, f"{mark.number:g} per {referent:g} quarter"), ""


def render(score, path):
    """The score as MIDI (music21) played by FluidSynth into a 44.1 kHz WAV at `path`; a score whose
    repeats music21 cannot expand is played without them (its key and tempo are the same)."""
    from music21 import bar, repeat
    midi = path[:-4] + ".mid"
    try:
        score.write("midi", fp=midi)
    except repeat.ExpanderException:
        for barline in list(score.recurse().getElementsByClass(bar.Repeat)):
            barline.activeSite.replace(barline, bar.Barline("regular"))
        score.write("midi", fp=midi)
    subprocess.run(["fluidsynth", "-ni", "-q", "-F", path, "-r", "44100", SOUND_FONT, midi], check=True, capture_output=True)


def candidates():
    """Every candidate piece: (its name in the corpus, a function parsing it); each tune of an ABC book on its own."""
    from music21 import corpus
    for composer in COMPOSERS:
        for path in sorted(str(p) for p in corpus.getComposer(composer)):
            relative = path.split("/corpus/")[-1]
            yield relative, lambda relative=relative: corpus.parse(relative)
    for book in BOOKS:
        tunes = list(corpus.parse(book).scores)
        for tune in tunes:
            yield f"{book}#{tune.metadata.number}", lambda tune=tune: tune


def pieces(work):
    """The chosen pieces: {name: (corpus name, bpm, key, meter, mark)}, rendered into WORK; prints what was left.

    At most TUNES_PER_BOOK tunes of each ABC book are taken (the first that meet the rules), so the
    set is not all one fiddler's.
    """
    chosen = {}
    for relative, parse in candidates():
        book = relative.split("#")[0]
        if "#" in relative and sum(1 for name in chosen.values() if name[0].startswith(book + "#")) >= TUNES_PER_BOOK:
            continue
        name = relative.replace("/", "_").replace("#", "_").rsplit(".abc", 1)[0].rsplit(".", 1)[0] + ".wav"
        if "#" in relative:
            name = relative.replace("/", "_").replace(".abc#", "_") + ".wav"
        try:
            found, reason = choose(parse())
            if found is not None and not os.path.exists(os.path.join(work, name)):
                render(found[0], os.path.join(work, name))
        except Exception as error:  # a file music21 cannot read or write as MIDI is left, with its reason
            found, reason = None, f"music21 cannot read it or write its MIDI ({type(error).__name__}: {error})"
        if found is None:
            print(f"    left {relative}: {reason}")
            continue
        _, bpm, key, ratio, mark = found
        chosen[name] = (relative, bpm, key, ratio, mark)
        print(f"    took {relative}: {ratio}, {mark} = {bpm:.2f} BPM, {rules.key_spell(key)}")
    return chosen


def table_rows(table, work, chosen):
    """The peers' answers for each chosen piece, from TABLE, measuring (and writing) the missing ones."""
    rows = {row["file"]: row for row in rules.read_table(table)}
    madmom = None
    for name, (relative, bpm, key, ratio, mark) in chosen.items():
        if name in rows:
            continue
        madmom = madmom or import_madmom()
        measured = measure(madmom, "music21", work, name)
        rows[name] = {"file": name, "corpus": relative, "meter": ratio, "mark": mark, "score_bpm": f"{bpm:.2f}",
                      "score_key": rules.key_spell(key), **{column: measured[column] for column in COLUMNS if column in measured}}
        with open(table + ".tmp", "w") as sink:
            sink.write("# Score-referenced pieces of music21's corpus played by FluidSynth (FluidR3_GM), written by Benchmarks/score_set.py\n")
            writer = csv.DictWriter(sink, COLUMNS, delimiter="\t", lineterminator="\n", extrasaction="ignore")
            writer.writeheader()
            writer.writerows(sorted(rows.values(), key=lambda row: row["file"]))
        os.replace(table + ".tmp", table)
        print(f"    measured {name}", flush=True)
    return [rows[name] for name in chosen]


def main(table, work, segue):
    """Chooses and renders the pieces, fills the peers' table, and prints the judgement."""
    warnings.filterwarnings("ignore")
    os.makedirs(work, exist_ok=True)
    chosen = pieces(work)
    rows = table_rows(table, work, chosen)
    segue_found = segue_answers(segue, [os.path.join(work, row["file"]) for row in rows])
    references = [(float(row["score_bpm"]), rules.key_parse(row["score_key"])) for row in rows]
    answers = {"segue (sure)": [(bpm if bpm_sure else None, key if key_sure else None) for bpm, bpm_sure, key, key_sure in segue_found],
               "segue (any)": [(bpm, key) for bpm, _, key, _ in segue_found]}
    for peer in rules.TEMPO_PEERS + [p for p in rules.KEY_PEERS if p not in rules.TEMPO_PEERS]:
        answers[peer] = [(rules.row_tempos(row).get(peer), rules.row_keys(row).get(peer)) for row in rows]
    print(f"\n    {'piece':<44}{'meter':>6}{'score':>8} {'key':<9}{'segue bpm':>11} {'segue key':<12}")
    for row, (bpm, bpm_sure, key, key_sure), (ref_bpm, ref_key) in zip(rows, segue_found, references):
        shown_key = rules.key_spell(key) + ("" if key_sure or key is None else "?")
        print(f"    {row['corpus']:<44}{row['meter']:>6}{ref_bpm:>8.2f} {rules.key_spell(ref_key):<9}"
              f"{(f'{bpm:.2f}' if bpm else '-') + ('' if bpm_sure else '?'):>11} {shown_key:<12}")
    print(f"\n    {len(rows)} pieces; right: a tempo within 2 % of the score's (an octave is wrong), a key exactly the score's")
    for name, found in answers.items():
        tempos = [(bpm, ref[0]) for (bpm, _), ref in zip(found, references)]
        keys = [(key, ref[1]) for (_, key), ref in zip(found, references)]
        tempo_right = sum(1 for bpm, ref in tempos if bpm and rules.agree(bpm, ref))
        tempo_part = f"tempo right {tempo_right:>2} of {len(rows)}" if name.startswith("segue") or name in rules.TEMPO_PEERS else " " * 17
        key_part = ""
        if name.startswith("segue") or name in rules.KEY_PEERS:
            exact = sum(1 for key, ref in keys if key == ref)
            key_part = f"key exact {exact:>2} of {len(rows)} ({100 * exact / len(rows):5.1f}%)   weighted {sum(weighted(k, r) for k, r in keys) / len(rows):.3f}"
        print(f"    {name:<22} {tempo_part}   {key_part}")
    wrong_tempos = sum(1 for (bpm, sure, _, _), ref in zip(segue_found, references) if bpm and sure and not rules.agree(bpm, ref[0]))
    wrong_keys = sum(1 for (_, _, key, sure), ref in zip(segue_found, references) if key and sure and key != ref[1])
    print(f"    segue sure and wrong: {wrong_tempos} tempos, {wrong_keys} keys")


if __name__ == "__main__":
    main(*sys.argv[1:])
