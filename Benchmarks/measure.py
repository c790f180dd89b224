#!/usr/bin/env python3
"""Times segue against the ffmpeg CLI and the decode/encode floors; prints the table.

Run through Benchmarks/run, which builds segue and prepares --work: tracks/*.flac, hour.m3u (12
tracks), two.m3u, four-hours.m3u (the 12 four times), list.txt (ffmpeg concat list of the hour)
and hour.raw (the hour decoded to s16le stereo at 44.1 kHz).

Each command runs alone as one child process, reaped with os.wait4, which gives that child's own
CPU time (user + sys, all its threads) and peak RSS. Repetitions run round-robin across the cases,
so load from elsewhere spreads over all of them; the table shows medians. Any failed command, or
outputs whose decoded lengths differ, stops the run with a non-zero exit.
"""

import argparse
import os
import statistics
import sys
import time

MIB = 1024 * 1024
FFMPEG = ["ffmpeg", "-nostdin", "-hide_banner", "-loglevel", "error", "-y"]


def run_once(argv, log_path):
    """Runs argv; returns (wall s, cpu s, peak RSS MiB, 1-min load before). Exits if it fails."""
    load = os.getloadavg()[0]
    actions = [
        (os.POSIX_SPAWN_OPEN, 0, "/dev/null", os.O_RDONLY, 0),
        (os.POSIX_SPAWN_OPEN, 1, "/dev/null", os.O_WRONLY, 0),
        (os.POSIX_SPAWN_OPEN, 2, log_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644),
    ]
    start = time.perf_counter()
    pid = os.posix_spawnp(argv[0], argv, os.environ, file_actions=actions)
    _, status, usage = os.wait4(pid, 0)
    wall = time.perf_counter() - start
    code = os.waitstatus_to_exitcode(status)
    if code != 0:
        with open(log_path, errors="replace") as log:
            sys.exit(f"FAILED (exit {code}): {' '.join(argv)}\n{log.read()[-3000:]}")
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, load


def decoded_frames(path):
    """Sample frames ffmpeg decodes from path, as 16-bit stereo, counted through a pipe."""
    read_end, write_end = os.pipe()
    argv = FFMPEG + ["-i", path, "-f", "s16le", "-ac", "2", "pipe:1"]
    pid = os.posix_spawnp("ffmpeg", argv, os.environ, file_actions=[(os.POSIX_SPAWN_DUP2, write_end, 1)])
    os.close(write_end)
    total = 0
    with os.fdopen(read_end, "rb", buffering=0) as pipe:
        while chunk := pipe.read(1 << 20):
            total += len(chunk)
    if os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1]) != 0:
        sys.exit(f"FAILED to decode {path}")
    return total // 4


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--segue", required=True)
    parser.add_argument("--work", required=True)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--track-seconds", type=float, required=True)
    args = parser.parse_args()
    w = lambda name: os.path.join(args.work, name)
    out = lambda name: w(os.path.join("out", name))
    concat = ["-f", "concat", "-safe", "0", "-i", w("list.txt")]
    raw = ["-f", "s16le", "-ar", "44100", "-ac", "2", "-i", w("hour.raw")]
    segue = lambda playlist, output, *extra: [args.segue, "render", w(playlist), "-o", output, "-y", *extra]
    hour_frames = os.path.getsize(w("hour.raw")) // 4
    hours = hour_frames / 44100 / 3600

    # name -> (argv, output file or None, hours of audio)
    cases = {
        "segue flac": (segue("hour.m3u", out("segue.flac")), out("segue.flac"), hours),
        "ffmpeg flac": (FFMPEG + concat + ["-c:a", "flac", out("ffmpeg.flac")], out("ffmpeg.flac"), hours),
        "segue mp3": (segue("hour.m3u", out("segue.mp3"), "--bitrate", "320k"), out("segue.mp3"), hours),
        "ffmpeg mp3": (
            FFMPEG + concat + ["-c:a", "libmp3lame", "-b:a", "320k", out("ffmpeg.mp3")], out("ffmpeg.mp3"), hours),
        "decode only": (FFMPEG + concat + ["-f", "null", "-"], None, hours),
        "encode only flac": (FFMPEG + raw + ["-c:a", "flac", out("enc.flac")], out("enc.flac"), hours),
        "encode only mp3": (FFMPEG + raw + ["-c:a", "libmp3lame", "-b:a", "320k", out("enc.mp3")], out("enc.mp3"), hours),
        "segue flac 2": (segue("two.m3u", out("segue-2.flac")), out("segue-2.flac"), hours * 2 / 12),
        "segue flac 48": (segue("four-hours.m3u", out("segue-48.flac")), out("segue-48.flac"), hours * 4),
    }

    samples = {name: [] for name in cases}
    for rep in range(1, args.repeat + 1):
        for name, (argv, output, _) in cases.items():
            if output and os.path.exists(output):
                os.remove(output)
            result = run_once(argv, w("child.log"))
            samples[name].append(result)
            print(f"   run {rep}/{args.repeat}  {name:<17} {result[0]:7.2f} s wall  {result[1]:7.2f} s cpu  "
                  f"{result[2]:6.1f} MiB  (load {result[3]:.2f})", file=sys.stderr, flush=True)

    med = {name: [statistics.median(column) for column in zip(*runs)] for name, runs in samples.items()}
    loads = [run[3] for runs in samples.values() for run in runs]

    print(f"\nSegue benchmark: 12 tracks x {args.track_seconds:g} s = {hours:.2f} h of 44.1 kHz stereo 16-bit FLAC, "
          f"median of {args.repeat}, {os.cpu_count()} cores")
    print(f"1-min load average before each run: min {min(loads):.2f}, median {statistics.median(loads):.2f}, "
          f"max {max(loads):.2f}\n")
    print(f"{'':4}{'case':<34}{'wall s':>9}{'CPU s':>9}{'CPU/wall':>9}{'peak MiB':>10}{'x realtime':>11}")
    rows = [
        ("a.", "FLAC  segue render", "segue flac"), ("", "FLAC  ffmpeg -f concat", "ffmpeg flac"),
        ("b.", "MP3   segue render --bitrate 320k", "segue mp3"), ("", "MP3   ffmpeg -f concat, lame 320k", "ffmpeg mp3"),
        ("c.", "floor decode-only (concat, null)", "decode only"), ("", "floor encode-only FLAC (raw in)", "encode only flac"),
        ("", "floor encode-only MP3 (raw in)", "encode only mp3"),
    ]
    for tag, label, name in rows:
        wall, cpu, rss, _ = med[name]
        print(f"{tag:<4}{label:<34}{wall:9.2f}{cpu:9.2f}{cpu / wall:9.2f}{rss:10.1f}{hours * 3600 / wall:11.0f}")

    def target(label, value, limit, unit="x", strict=False):
        ok = value < limit if strict else value <= limit
        sign = "<" if strict else "<="
        print(f"    {label:<42}{value:8.3f} {unit:<4} target {sign} {limit:<6g}{'PASS' if ok else 'MISS':>6}")

    decode = med["decode only"][0]
    flac_floor = max(decode, med["encode only flac"][0])
    mp3_floor = max(decode, med["encode only mp3"][0])
    print(f"\nFloors: FLAC max(decode {decode:.2f}, encode {med['encode only flac'][0]:.2f}) = {flac_floor:.2f} s; "
          f"MP3 max(decode {decode:.2f}, encode {med['encode only mp3'][0]:.2f}) = {mp3_floor:.2f} s")
    target("FLAC  segue wall / ffmpeg wall", med["segue flac"][0] / med["ffmpeg flac"][0], 1.0)
    target("FLAC  segue wall / floor", med["segue flac"][0] / flac_floor, 1.08)
    print(f"    {'MP3   segue wall / ffmpeg wall':<42}{med['segue mp3'][0] / med['ffmpeg mp3'][0]:8.3f} x    (no target)")
    target("MP3   segue wall / floor (LAME encode-only)", med["segue mp3"][0] / mp3_floor, 1.03)
    for codec in ("flac", "mp3"):
        target(f"{codec.upper():<5} segue peak RSS (ffmpeg {med['ffmpeg ' + codec][2]:.1f} MiB)",
               med["segue " + codec][2], 64, "MiB", strict=True)
    # Most of either program's RSS is its shared libraries (ffmpeg links ~200), mapped before any work.
    startup = {tool: run_once(argv, w("child.log"))[2] for tool, argv in
               (("segue", [args.segue, "--help"]), ("ffmpeg", ["ffmpeg", "-version"]))}
    print(f"    {'start-up RSS: segue --help, ffmpeg -version':<42}{startup['segue']:8.1f} MiB, "
          f"{startup['ffmpeg']:.1f} MiB (segue's render adds {med['segue flac'][2] - startup['segue']:.1f} "
          f"MiB for FLAC, {med['segue mp3'][2] - startup['segue']:.1f} MiB for MP3)")
    for codec in ("flac", "mp3"):
        spent = med["segue " + codec][1]
        parts = med["decode only"][1] + med["encode only " + codec][1]
        print(f"    {codec.upper():<6}{'segue CPU / (decode + encode CPU)':<36}{spent / parts:8.3f} x    "
              f"({spent - parts:+.2f} s of CPU beyond the two floors)")

    print(f"\nDecoded length (sample frames; the hour's inputs decode to {hour_frames}):")
    for codec in ("flac", "mp3"):
        mine, theirs = decoded_frames(cases["segue " + codec][1]), decoded_frames(cases["ffmpeg " + codec][1])
        print(f"    {codec.upper():<5} segue {mine:>11}   ffmpeg {theirs:>11}   {'same' if mine == theirs else 'DIFFERENT'}")
        if mine != theirs:
            sys.exit(f"FAILED: segue's and ffmpeg's {codec} outputs decode to different lengths")

    print("\nd.  segue FLAC render, by playlist length")
    print(f"    {'tracks':>6}{'audio h':>9}{'wall s':>9}{'s per audio h':>15}{'peak MiB':>10}{'decoded frames':>16}")
    for count, name in ((2, "segue flac 2"), (12, "segue flac"), (48, "segue flac 48")):
        wall, _, rss, _ = med[name]
        length = cases[name][2]
        frames = decoded_frames(cases[name][1])
        expected = round(hour_frames * count / 12)
        if frames != expected:
            sys.exit(f"FAILED: the {count}-track render decodes to {frames} frames, not {expected}")
        print(f"    {count:>6}{length:>9.2f}{wall:>9.2f}{wall / length:>15.1f}{rss:>10.1f}{frames:>16}")
    growth = med["segue flac 48"][2] - med["segue flac 2"][2]
    print(f"    peak RSS from 2 to 48 tracks: {growth:+.1f} MiB")


if __name__ == "__main__":
    main()
