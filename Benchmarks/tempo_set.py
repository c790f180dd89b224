#!/usr/bin/env python3
"""Synthesizes issue 29's tempo test set: varied music no one tuned the tempo analysis for.

Each track is drums, bass and a pad made here with numpy, written as 16-bit WAV (and, for some,
encoded by the ffmpeg CLI to MP3, AAC or Opus). Its truth (the tempo and every beat's time) goes
into truth.json beside the audio. Run through Benchmarks/tempo, which analyses the set with segue
and with essentia and prints the table.
"""

import json
import math
import os
import subprocess
import sys

import numpy as np


def kick(rate, level=0.8, decay=9.0, length=0.35):
    """A kick: a sine falling from 150 to 45 Hz under an exponential decay."""
    t = np.arange(int(length * rate)) / rate
    frequency = 45 + 105 * np.exp(-t * 35)
    phase = 2 * np.pi * np.cumsum(frequency) / rate
    return level * np.sin(phase) * np.exp(-t * decay)


def snare(rate, random, level=0.35, length=0.2):
    """A snare: noise and a 190 Hz tone, both decaying fast."""
    t = np.arange(int(length * rate)) / rate
    body = np.sin(2 * np.pi * 190 * t) * np.exp(-t * 30)
    return level * (0.6 * random.standard_normal(t.size) * np.exp(-t * 22) + 0.4 * body)


def hat(rate, random, level=0.12, length=0.06):
    """A hat: noise differentiated (so mostly highs), decaying in a few tens of milliseconds."""
    noise = np.diff(random.standard_normal(int(length * rate) + 1))
    t = np.arange(noise.size) / rate
    return level * noise * np.exp(-t * 70) / 2


def place(track, sound, time, rate):
    """Adds `sound` to `track` starting at `time` seconds (clipped to the track)."""
    start = int(round(time * rate))
    if start >= track.size or start + sound.size <= 0:
        return
    begin = max(0, start)
    end = min(track.size, start + sound.size)
    track[begin:end] += sound[begin - start:end - start]


def pad(rate, seconds, root=110.0, level=0.05):
    """A slow chord of three detuned saws' first harmonics, with vibrato."""
    t = np.arange(int(seconds * rate)) / rate
    chord = sum(np.sin(2 * np.pi * root * ratio * t + 0.3 * np.sin(2 * np.pi * 4.5 * t)) for ratio in (1, 1.26, 1.5))
    return level * chord


def reverb(signal, rate, seconds=1.6, mix=0.35, seed=5):
    """A long, dense reverb: the signal convolved with decaying noise (by FFT)."""
    random = np.random.default_rng(seed)
    t = np.arange(int(seconds * rate)) / rate
    response = random.standard_normal(t.size) * np.exp(-t * 6.9 / seconds)
    response /= np.sqrt(np.sum(response ** 2))
    size = 1 << int(math.ceil(math.log2(signal.size + response.size)))
    wet = np.fft.irfft(np.fft.rfft(signal, size) * np.fft.rfft(response, size), size)[:signal.size]
    return (1 - mix) * signal + mix * wet


def style_track(style, rate):
    """The samples and the true beat times (seconds) of one style."""
    random = np.random.default_rng(style["seed"])
    bpm, seconds = style["bpm"], style["seconds"]
    beat = 60 / bpm
    track = np.zeros(int(seconds * rate))
    start = style.get("intro", 0.25)
    beats = [start + i * beat for i in range(int((seconds - start) / beat))]
    drumless = set()
    if "breakdown" in style:
        first, bars = style["breakdown"]
        drumless |= set(range(first * 4, (first + bars) * 4))
    if "drumless_intro_bars" in style:
        drumless |= set(range(style["drumless_intro_bars"] * 4))
    jitter = style.get("humanize", 0.0)
    swing = style.get("swing", 0.0)
    pattern = style["pattern"]
    for index, time in enumerate(beats):
        if index in drumless:
            continue
        late = (lambda: random.uniform(-jitter, jitter)) if jitter else (lambda: 0.0)
        in_bar = index % 4
        if pattern == "four":
            place(track, kick(rate), time + late(), rate)
            place(track, hat(rate, random), time + beat / 2 + late(), rate)
            if in_bar in (1, 3) and style.get("clap", True):
                place(track, snare(rate, random, 0.25), time + late(), rate)
        elif pattern == "backbeat":  # rock, ballad, hip-hop: kick on 1 and 3, snare on 2 and 4
            if in_bar in (0, 2):
                place(track, kick(rate), time + late(), rate)
            else:
                place(track, snare(rate, random), time + late(), rate)
            for eighth in range(2):
                offset = eighth * beat / 2 + (swing * beat / 2 if eighth == 1 else 0)
                place(track, hat(rate, random, 0.08), time + offset + late(), rate)
        elif pattern == "onedrop":  # reggae: kick and snare together on beat 3 only
            if in_bar == 2:
                place(track, kick(rate), time + late(), rate)
                place(track, snare(rate, random, 0.3), time + late(), rate)
            place(track, hat(rate, random, 0.06), time + beat / 2 + late(), rate)
        elif pattern in ("breakbeat", "twostep"):
            # Drum & bass and garage: kick on 1 and the "and" of 3, snare on 2 and 4; drum & bass
            # with hats on every eighth, garage on the off-beats only.
            breakbeat = pattern == "breakbeat"
            if in_bar == 0:
                place(track, kick(rate), time + late(), rate)
            if in_bar == 2:
                place(track, kick(rate, 0.6 if breakbeat else 0.7), time + beat / 2 + late(), rate)
            if in_bar in (1, 3):
                place(track, snare(rate, random, 0.4 if breakbeat else 0.3), time + late(), rate)
            for eighth in (0, 1) if breakbeat else (1,):
                place(track, hat(rate, random, 0.07 if breakbeat else 0.12), time + eighth * beat / 2 + late(), rate)
    # Bass on every beat's off-beat or the bar, and a pad throughout.
    t = np.arange(track.size) / rate
    if style.get("bass", True):
        pulse = np.clip(np.sin(2 * np.pi * (t - start) / beat * (1 if pattern == "four" else 0.5)), 0, None) ** 2
        track += 0.1 * np.sin(2 * np.pi * 55 * t) * pulse * (t >= start)
    track += pad(rate, seconds, root=style.get("root", 110.0), level=style.get("pad", 0.05))
    if style.get("pumping"):
        # Sidechain-like pumping: the pad ducks on every beat.
        phase = np.mod(t - start, beat) / beat
        track *= 0.55 + 0.45 * np.minimum(1, phase * 3)
    if style.get("reverb"):
        track = reverb(track, rate)
    if style.get("drive"):
        track = np.tanh(track * style["drive"]) / np.tanh(style["drive"])
    track *= 0.89 / max(1e-9, np.max(np.abs(track)))
    truth = [time for index, time in enumerate(beats)]
    return track, truth


STYLES = [
    dict(name="house", bpm=128, rate=44100, pattern="four", seconds=52.3, seed=1),
    dict(name="house-48k-aac", bpm=128, rate=48000, pattern="four", seconds=49.1, seed=2, intro=0.5, codec="aac"),
    dict(name="techno-48k", bpm=140, rate=48000, pattern="four", seconds=47.7, seed=3, pumping=True, clap=False),
    dict(name="limited-master-mp3", bpm=125, rate=44100, pattern="four", seconds=51.9, seed=4, drive=6.0, codec="mp3"),
    dict(name="house-breakdown", bpm=126, rate=44100, pattern="four", seconds=68.3, seed=5, breakdown=(12, 8)),
    dict(name="one-drop", bpm=75, rate=44100, pattern="onedrop", seconds=61.7, seed=6),
    dict(name="ballad", bpm=72, rate=44100, pattern="backbeat", seconds=63.1, seed=7, pad=0.09),
    dict(name="trance-reverb", bpm=138, rate=44100, pattern="four", seconds=50.3, seed=8, reverb=True),
    dict(name="hip-hop-swing", bpm=90, rate=44100, pattern="backbeat", seconds=58.7, seed=9, swing=0.33),
    dict(name="drum-and-bass", bpm=174, rate=44100, pattern="breakbeat", seconds=44.9, seed=10),
    dict(name="rock-humanized", bpm=118, rate=44100, pattern="backbeat", seconds=55.3, seed=11, humanize=0.008),
    dict(name="drumless-intro", bpm=122, rate=44100, pattern="four", seconds=72.9, seed=12, drumless_intro_bars=16),
    dict(name="garage-opus", bpm=132, rate=48000, pattern="twostep", seconds=46.1, seed=13, codec="opus"),
    dict(name="disco", bpm=120, rate=44100, pattern="four", seconds=53.9, seed=14, humanize=0.004),
    dict(name="downtempo-48k", bpm=95, rate=48000, pattern="backbeat", seconds=57.3, seed=15, reverb=True),
    dict(name="electro-mp3", bpm=130, rate=44100, pattern="four", seconds=48.7, seed=16, drive=2.0, codec="mp3"),
]


def write_wav(path, samples, rate):
    """Writes mono float samples as 16-bit stereo WAV (the same in both channels)."""
    data = np.clip(np.round(samples * 32767), -32768, 32767).astype("<i2")
    stereo = np.repeat(data, 2)
    with open(path, "wb") as out:
        size = stereo.size * 2
        out.write(b"RIFF" + (36 + size).to_bytes(4, "little") + b"WAVEfmt ")
        out.write((16).to_bytes(4, "little") + (1).to_bytes(2, "little") + (2).to_bytes(2, "little"))
        out.write(rate.to_bytes(4, "little") + (rate * 4).to_bytes(4, "little") + (4).to_bytes(2, "little") + (16).to_bytes(2, "little"))
        out.write(b"data" + size.to_bytes(4, "little") + stereo.tobytes())


def main(folder):
    os.makedirs(folder, exist_ok=True)
    truth = {}
    for style in STYLES:
        samples, beats = style_track(style, style["rate"])
        wav = os.path.join(folder, style["name"] + ".wav")
        write_wav(wav, samples, style["rate"])
        path = wav
        codec = style.get("codec")
        if codec:
            extension, arguments = {"mp3": ("mp3", ["-b:a", "192k"]), "aac": ("m4a", ["-c:a", "aac", "-b:a", "192k"]),
                                    "opus": ("opus", ["-b:a", "128k"])}[codec]
            path = os.path.join(folder, style["name"] + "." + extension)
            subprocess.run(["ffmpeg", "-nostdin", "-loglevel", "error", "-y", "-i", wav] + arguments + [path], check=True)
            os.remove(wav)
        truth[os.path.basename(path)] = dict(bpm=style["bpm"], beats=beats, style=style["name"])
    with open(os.path.join(folder, "truth.json"), "w") as out:
        json.dump(truth, out)


if __name__ == "__main__":
    main(sys.argv[1])
