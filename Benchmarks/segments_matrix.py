#!/usr/bin/env python3
"""The segmented-encoding stress matrix and the MP3 320k speed figure; run through
Benchmarks/segments-matrix, which builds segue and says what is measured."""

import os
import re
import statistics
import subprocess
import sys
import time

from measure import FFMPEG, run_once, target

SEGUE, WORK, QUICK = os.environ["SEGUE_BIN"], os.environ["SEGUE_WORK"], os.environ["SEGUE_QUICK"] == "1"
MUSIC = "/usr/share/games/hedgewars/Data/Music"
REAL = ["Fruit.ogg", "Art.ogg", "Jungle.ogg", "Desert.ogg", "hell.ogg", "Castle.ogg"]

# The same contents as the tests' (Tests/RenderingTests/Support/StressCell.swift).
DENSE = ("aevalsrc=0.25*sin(2*PI*55*t)+0.15*sin(2*PI*440*t)*sin(2*PI*0.5*t)+0.1*sin(2*PI*3520*t)+0.2*(random(0)-0.5)"
         "+0.3*exp(-20*mod(t\\,0.5))*sin(2*PI*80*t)|0.25*sin(2*PI*55.5*t)+0.12*sin(2*PI*660*t)+0.1*sin(2*PI*5274*t)"
         "+0.2*(random(1)-0.5):s=44100")
SYNTH = {
    "white noise": "anoisesrc=c=white:a=0.5:r=44100:s=7",
    "pink noise": "anoisesrc=c=pink:a=0.7:r=44100:s=11",
    "dense program": DENSE,
    "tone": "sine=f=997:r=44100",
    "silence": "anullsrc=r=44100:cl=stereo",
    "impulses": "aevalsrc=if(lt(mod(n\\,4410)\\,1)\\,0.9\\,0):s=44100",
    "clipped square": "aevalsrc=sgn(sin(2*PI*110*t)):s=44100",
}
SETTINGS = (
    [(f"MP3 {k}k", "mp3", ["--bitrate", f"{k}k"]) for k in (128, 192, 256, 320)]
    + [(f"MP3 V{q}", "mp3", ["--quality", str(q)]) for q in (0, 2, 4)]
    + [(f"AAC {k}k", "m4a", ["--codec", "aac", "--bitrate", f"{k}k"]) for k in (96, 256, 320)]
    + [(f"Opus {k}k", "opus", ["--bitrate", f"{k}k"]) for k in (64, 160, 256)]
    + [("FLAC", "flac", []), ("ALAC", "m4a", ["--codec", "alac"])]
)
# One codec's settings alone (SEGUE_MATRIX_CODEC=MP3), after a change to its joins.
if os.environ.get("SEGUE_MATRIX_CODEC"):
    SETTINGS = [setting for setting in SETTINGS if setting[0].split()[0] == os.environ["SEGUE_MATRIX_CODEC"]]
LENGTHS = [10.73] if QUICK else [1.013, 10.73, 61.3]
# The longest length runs in stereo at 44.1 kHz (Opus: 48) alone, so the whole matrix fits an hour.
LONG = 61.3


def ffmpeg(*args):
    subprocess.run(FFMPEG + list(args), check=True)


def make_inputs():
    """Each content at each length as 24-bit 44.1 kHz stereo FLAC, and the dense 20 minutes as
    four 5-minute tracks, each its own partials; returns {(content, seconds): path}."""
    inputs = {}
    words = f"{WORK}/words.wav"
    subprocess.run(["espeak-ng", "-w", words, "Segue joins tracks without a gap. The quick brown fox jumps over "
                    "the lazy dog, twice, and then rests."], check=True)
    for seconds in LENGTHS:
        t = f"{seconds:.3f}"
        for name, source in SYNTH.items():
            path = f"{WORK}/{name.replace(' ', '-')}-{t}.flac"
            ffmpeg("-f", "lavfi", "-i", f"{source}:d={t}", "-ar", "44100", "-ac", "2", "-c:a", "flac", "-sample_fmt", "s32", path)
            inputs[(name, seconds)] = path
        path = f"{WORK}/speech-{t}.flac"
        ffmpeg("-stream_loop", "-1", "-i", words, "-t", t, "-ar", "44100", "-ac", "2", "-c:a", "flac", path)
        inputs[("speech", seconds)] = path
        for track in REAL:
            path = f"{WORK}/{track}-{t}.flac"
            ffmpeg("-i", f"{MUSIC}/{track}", "-t", t, "-c:a", "flac", "-sample_fmt", "s32", path)
            inputs[(track, seconds)] = path
    # The 20 minutes are real produced music: synthesized "dense" program (noise under partials,
    # with or without transients) never pressed LAME's bit reservoir at 320k, where these tracks do.
    with open(f"{WORK}/dense20.m3u", "w") as playlist:
        playlist.writelines(f"{MUSIC}/{track}\n" for track in ("Fruit.ogg", "Art.ogg", "Jungle.ogg", "Desert.ogg", "Castle.ogg"))
    return inputs


def decoded_frames(path):
    """The decoded length: MP4's as its own fields state it (FFmpeg 5.1 leaves its end padding in)."""
    if path.endswith(".m4a"):
        out = subprocess.run(["ffprobe", "-v", "error", "-select_streams", "a:0", "-show_entries",
                              "stream=duration_ts,time_base,sample_rate", "-of", "default=nw=1", path], capture_output=True, text=True).stdout
        f = dict(line.split("=", 1) for line in out.split())
        num, den = map(int, f["time_base"].split("/"))
        return int(f["duration_ts"]) * num * int(f["sample_rate"]) // den
    data = subprocess.run(FFMPEG[:-1] + ["-i", path, "-f", "s16le", "-ac", "1", "-"], capture_output=True).stdout
    return len(data) // 2


def without_ogg_serials(data):
    """The bytes of an Ogg stream but for each page's serial number and CRC."""
    data, i = bytearray(data), 0
    while (i := data.find(b"OggS", i)) >= 0 and i + 27 <= len(data):
        data[i + 14:i + 18] = b"\0\0\0\0"
        data[i + 22:i + 26] = b"\0\0\0\0"
        i += 4
    return bytes(data)


def render(source, out, flags):
    """Renders; returns (seconds, None) or (seconds, the refusal's first line)."""
    start = time.perf_counter()
    done = subprocess.run([SEGUE, "render", source, "-o", out, "-y", "--no-cache", "--progress", "none"] + flags,
                          capture_output=True, text=True)
    return time.perf_counter() - start, (None if done.returncode == 0 else (done.stderr.strip().splitlines() or ["?"])[-1])


def cell(source, expected, name, ext, flags, times, failures):
    outs = {variant: f"{WORK}/out-{variant}.{ext}" for variant in ("off", "t1", "t2")}
    results = {}
    for variant, extra in (("off", ["--segments", "off"]), ("t1", ["--threads", "1"]), ("t2", ["--threads", "2"])):
        seconds, refusal = render(source, outs[variant], flags + extra)
        results[variant] = refusal
        times.setdefault((name.split()[0], variant), []).append(seconds)
    if len({r is None for r in results.values()}) != 1:
        failures.append(f"segmented and one encoder disagree: {results}")
        return "disagree"
    if results["off"] is not None:
        return "refused: " + results["off"]
    for variant, out in outs.items():
        if (got := decoded_frames(out)) != expected:
            failures.append(f"{variant} decodes to {got} frames, not {expected}")
    one, two = (open(outs[v], "rb").read() for v in ("t1", "t2"))
    if ext == "opus":
        one, two = without_ogg_serials(one), without_ogg_serials(two)
    if one != two:
        failures.append("1 and 2 workers wrote other bytes")
    return "ok"


def matrix(inputs):
    failures, times, refusals, cells = [], {}, set(), 0
    jobs = []
    for (content, seconds), source in inputs.items():
        for name, ext, flags in SETTINGS:
            rates = [48000] if ext == "opus" else [32000, 44100, 48000]
            layouts = [(2, rates[-1] if ext == "opus" else 44100)] if seconds == LONG else [(c, r) for c in (1, 2) for r in rates]
            for channels, rate in layouts:
                jobs.append((source, round(seconds * rate) if content not in REAL else None, f"{content} {seconds} s",
                             name, ext, flags + ["--channels", str(channels), "--sample-rate", str(rate)], rate))
    if not QUICK:
        for name, ext, flags in SETTINGS:
            rate = 48000 if ext == "opus" else 44100
            jobs.append((f"{WORK}/dense20.m3u", None, "real 21:50", name, ext, flags + ["--sample-rate", str(rate)], rate))
    started = time.perf_counter()
    for source, expected, what, name, ext, flags, rate in jobs:
        if expected is None:
            expected = expected_frames(source, rate)
        before = len(failures)
        outcome = cell(source, expected, name, ext, flags, times, failures)
        cells += 1
        if outcome.startswith("refused"):
            refusals.add(f"{name} {' '.join(flags[-4:])}: {outcome}")
        for i in range(before, len(failures)):
            failures[i] = f"{what} -> {name} {' '.join(flags)}: {failures[i]}"
    print(f"\n== matrix: {cells} cells in {time.perf_counter() - started:.0f} s, {len(failures)} failures, {len(refusals)} refused settings")
    for refusal in sorted(refusals):
        print(f"    refused alike: {refusal[:200]}")
    for failure in failures:
        print(f"    FAILED {failure}")
    print(f"\n{'codec':<8} {'segments off s':>15} {'1 worker s':>11} {'2 workers s':>12} {'2 workers / off':>16}")
    for codec in ("MP3", "AAC", "Opus", "FLAC", "ALAC"):
        off, t1, t2 = (sum(times.get((codec, v), [0])) for v in ("off", "t1", "t2"))
        print(f"{codec:<8} {off:>15.1f} {t1:>11.1f} {t2:>12.1f} {t2 / max(off, 1e-9):>16.3f}")
    return failures


def expected_frames(source, rate):
    """A real track's or playlist's length at `rate`: its frames as sox (libvorbis, libFLAC) counts them."""
    paths = open(source).read().split() if source.endswith(".m3u") else [source]
    total = 0
    for path in paths:
        frames = int(subprocess.run(["sox", "--i", "-s", path], capture_output=True, text=True).stdout)
        own = int(subprocess.run(["sox", "--i", "-r", path], capture_output=True, text=True).stdout)
        total += (frames * rate + own // 2) // own
    return total


def mp3_speed():
    """MP3 320k on the dense 20 minutes: --threads 2 against --segments off, interleaved pairs."""
    pairs = 3 if QUICK else 5
    log, ratios, walls = f"{WORK}/log.txt", [], {"off": [], "two": []}
    base = [SEGUE, "render", f"{WORK}/dense20.m3u", "-y", "--no-cache", "--progress", "none", "--bitrate", "320k"]
    for _ in range(pairs):
        off = run_once(base + ["-o", f"{WORK}/speed-off.mp3", "--segments", "off"], log)["wall"]
        two = run_once(base + ["-o", f"{WORK}/speed-two.mp3", "--threads", "2"], log)["wall"]
        walls["off"].append(off)
        walls["two"].append(two)
        ratios.append(two / off)
    notes = subprocess.run(base + ["-o", f"{WORK}/speed-notes.mp3", "--threads", "2"], capture_output=True, text=True).stdout
    joins = re.search(r"MP3: to fit the bit reservoir, (.*)", notes)
    print(f"\n== 21:50 of real music (five hedgewars tracks) to MP3 320k, {pairs} interleaved pairs")
    print(f"    --segments off {statistics.median(walls['off']):.2f} s, --threads 2 {statistics.median(walls['two']):.2f} s")
    print(f"    joins: {joins.group(1) if joins else 'every join laid as encoded'}")
    return target("--threads 2 / --segments off (median of pairs)", statistics.median(ratios), 0.65)


inputs = make_inputs()
failures = [] if os.environ.get("SEGUE_MATRIX_SPEED_ONLY") == "1" else matrix(inputs)
mp3_speed()
sys.exit(1 if failures else 0)
