#!/usr/bin/env python3
"""Times segue against the ffmpeg CLI and the decode/encode floors; prints the table.

Run through Benchmarks/run, which builds segue and prepares --work: tracks/*.flac, hour.m3u (12
tracks), two.m3u, four-hours.m3u (the 12 four times), list.txt (ffmpeg concat list of the hour)
and hour.raw (the hour decoded to s16le stereo at 44.1 kHz).

Besides gapless joins it measures crossfaded mixes (6 s equal-power crossfades, against a chain of
ffmpeg's acrossfade filters with quarter-sine curves, the same curve) from 2 to 48 tracks, and the
cost of rendering one minute near the start and near the end of the four-hour playlist.

Each command runs alone as one child process, reaped with os.wait4, which gives that child's own
CPU time (user + sys, all its threads) and peak RSS. (Linux counts the spawning Python's RSS, about
13 MiB, as a lower bound of ru_maxrss; every figure here is well above it.) While segue runs, its
threads' CPU times are sampled from /proc to show where the time goes. Repetitions run round-robin
across the cases, so load from elsewhere spreads over all of them; the table shows medians. Each
ratio is the median of the repetitions' own ratios, and the cases compared run next to each other,
because a shared machine's speed drifts over minutes. Any failed command, or outputs whose decoded
lengths differ, stops the run with a non-zero exit.
"""

import argparse
import os
import statistics
import sys
import threading
import time

FFMPEG = ["ffmpeg", "-nostdin", "-hide_banner", "-loglevel", "error", "-y"]


def sample_threads(pid, seconds, stop, names=None):
    """Until stop is set, records each thread's CPU seconds (from /proc) into seconds[tid], and
    its name into names[tid] when given."""
    tick = os.sysconf("SC_CLK_TCK")
    while not stop.wait(0.05):
        try:
            for tid in os.listdir(f"/proc/{pid}/task"):
                with open(f"/proc/{pid}/task/{tid}/stat") as stat:
                    text = stat.read()
                fields = text.rsplit(")", 1)[1].split()
                seconds[int(tid)] = (int(fields[11]) + int(fields[12])) / tick  # utime + stime
                if names is not None:
                    names[int(tid)] = text.split("(", 1)[1].rsplit(")", 1)[0]
        except OSError:
            pass  # the process or a thread ended between listing and reading


def run_once(argv, log_path, watch_threads=False):
    """Runs argv; returns its wall s, cpu s, peak rss MiB, the 1-min load before it, and (when
    watched) the CPU s of its main thread and of its busiest other thread. Exits if it fails."""
    load = os.getloadavg()[0]
    actions = [
        (os.POSIX_SPAWN_OPEN, 0, "/dev/null", os.O_RDONLY, 0),
        (os.POSIX_SPAWN_OPEN, 1, "/dev/null", os.O_WRONLY, 0),
        (os.POSIX_SPAWN_OPEN, 2, log_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644),
    ]
    start = time.perf_counter()
    pid = os.posix_spawnp(argv[0], argv, os.environ, file_actions=actions)
    threads, names, stop = {}, {}, threading.Event()
    sampler = threading.Thread(target=sample_threads, args=(pid, threads, stop, names))
    if watch_threads:
        sampler.start()
    _, status, usage = os.wait4(pid, 0)
    wall = time.perf_counter() - start
    stop.set()
    if watch_threads:
        sampler.join()
    code = os.waitstatus_to_exitcode(status)
    if code != 0:
        with open(log_path, errors="replace") as log:
            sys.exit(f"FAILED (exit {code}): {' '.join(argv)}\n{log.read()[-3000:]}")
    others = [cpu for tid, cpu in threads.items() if tid != pid]
    by_name = {}
    for tid, cpu in threads.items():
        name = "main" if tid == pid else names.get(tid, "?")
        by_name[name] = by_name.get(name, 0.0) + cpu
    return {"wall": wall, "cpu": usage.ru_utime + usage.ru_stime, "rss": usage.ru_maxrss / 1024, "load": load,
            "main thread": threads.get(pid, 0.0), "other thread": max(others, default=0.0), "threads": by_name}


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


CROSSFADE = 6


def crossfade_chain(paths):
    """ffmpeg arguments mixing paths with CROSSFADE-second quarter-sine (equal-power) acrossfades."""
    inputs = [arg for path in paths for arg in ("-i", path)]
    steps, previous = [], "[0:a]"
    for index in range(1, len(paths)):
        label = f"[x{index}]" if index < len(paths) - 1 else "[out]"
        steps.append(f"{previous}[{index}:a]acrossfade=d={CROSSFADE}:c1=qsin:c2=qsin{label}")
        previous = label
    return inputs + ["-filter_complex", ";".join(steps), "-map", "[out]"]


def target(label, value, limit, unit="x", strict=False):
    ok = value < limit if strict else value <= limit
    print(f"    {label:<44}{value:7.3f} {unit:<4} target {'<' if strict else '<='} {limit:<5g}"
          f"{'PASS' if ok else 'MISS':>6}")


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
    lame = ["-c:a", "libmp3lame", "-b:a", "320k"]
    hour_frames = os.path.getsize(w("hour.raw")) // 4
    hours = hour_frames / 44100 / 3600

    tracks = sorted(os.path.join(w("tracks"), name) for name in os.listdir(w("tracks")))
    playlists = {2: "two.m3u", 12: "hour.m3u", 48: "four-hours.m3u"}
    chains = {count: (tracks * 4)[:count] for count in playlists}
    xfade = lambda count, output, *extra: (
        segue(playlists[count], output, "--crossfade", str(CROSSFADE), "--curve", "equal-power", *extra), output, count)
    ffmpeg_xfade = lambda count, output, *codec: (
        FFMPEG + crossfade_chain(chains[count]) + list(codec) + [output], output, count)
    range_render = lambda start: (
        segue("four-hours.m3u", out("range.flac"), "--from", start, "--duration", "60"), out("range.flac"), 48)

    # name -> (argv, output file or None, tracks in the playlist)
    cases = {
        "segue flac": (segue("hour.m3u", out("segue.flac")), out("segue.flac"), 12),
        "ffmpeg flac": (FFMPEG + concat + ["-c:a", "flac", out("ffmpeg.flac")], out("ffmpeg.flac"), 12),
        "decode only": (FFMPEG + concat + ["-f", "null", "-"], None, 12),
        "encode only flac": (FFMPEG + raw + ["-c:a", "flac", out("enc.flac")], out("enc.flac"), 12),
        "segue mp3": (segue("hour.m3u", out("segue.mp3"), "--bitrate", "320k"), out("segue.mp3"), 12),
        "encode only mp3": (FFMPEG + raw + lame + [out("enc.mp3")], out("enc.mp3"), 12),
        "ffmpeg mp3": (FFMPEG + concat + lame + [out("ffmpeg.mp3")], out("ffmpeg.mp3"), 12),
        "segue flac 2": (segue("two.m3u", out("segue-2.flac")), out("segue-2.flac"), 2),
        "segue flac 48": (segue("four-hours.m3u", out("segue-48.flac")), out("segue-48.flac"), 48),
        "segue xfade flac": xfade(12, out("segue-x.flac")),
        "ffmpeg xfade flac": ffmpeg_xfade(12, out("ffmpeg-x.flac"), "-c:a", "flac"),
        "segue xfade mp3": xfade(12, out("segue-x.mp3"), "--bitrate", "320k"),
        "ffmpeg xfade mp3": ffmpeg_xfade(12, out("ffmpeg-x.mp3"), *lame),
        "segue xfade flac 2": xfade(2, out("segue-x2.flac")),
        "ffmpeg xfade flac 2": ffmpeg_xfade(2, out("ffmpeg-x2.flac"), "-c:a", "flac"),
        "segue xfade flac 48": xfade(48, out("segue-x48.flac")),
        "ffmpeg xfade flac 48": ffmpeg_xfade(48, out("ffmpeg-x48.flac"), "-c:a", "flac"),
        "range near start": range_render(str(int(args.track_seconds * 2 + 7))),
        "range near end": range_render(str(int(args.track_seconds * 46 + 7))),
        "segue late clip mp3": (segue("late-clip.yaml", out("late-clip.flac")), out("late-clip.flac"), 1),
        "ffmpeg late clip mp3": (FFMPEG + ["-ss", str(int(args.track_seconds * 12 - 60)), "-t", "30", "-i", w("hour.mp3"),
                                           out("ffmpeg-late-clip.flac")], out("ffmpeg-late-clip.flac"), 1),
        "segue late range mp3": (segue("four-hours-mp3.m3u", out("late-range.flac"), "--from",
                                       str(int(args.track_seconds * 44)), "--duration", "30"), out("late-range.flac"), 4),
    }

    runs = {name: [] for name in cases}
    for rep in range(1, args.repeat + 1):
        for name, (argv, output, _) in cases.items():
            if output and os.path.exists(output):
                os.remove(output)
            r = run_once(argv, w("child.log"), watch_threads=name.startswith("segue"))
            runs[name].append(r)
            print(f"   run {rep}/{args.repeat}  {name:<17}{r['wall']:8.2f} s wall {r['cpu']:8.2f} s cpu "
                  f"{r['rss']:6.1f} MiB  (load {r['load']:.2f})", file=sys.stderr, flush=True)
    med = {name: {key: statistics.median(r[key] for r in rs) for key in rs[0]} for name, rs in runs.items()}
    best = {name: min(r["wall"] for r in rs) for name, rs in runs.items()}
    loads = [r["load"] for rs in runs.values() for r in rs]

    print(f"\nSegue benchmark: 12 tracks x {args.track_seconds:g} s = {hours:.2f} h of 44.1 kHz stereo 16-bit FLAC, "
          f"median of {args.repeat}, {os.cpu_count()} cores")
    print(f"1-min load average before each run: min {min(loads):.2f}, median {statistics.median(loads):.2f}, "
          f"max {max(loads):.2f}\n")
    print(f"{'':4}{'case':<35}{'wall s':>8}{'best':>8}{'CPU s':>8}{'CPU/wall':>9}{'peak MiB':>9}{'x realtime':>11}")
    rows = [
        ("a.", "FLAC  segue render", "segue flac"), ("", "FLAC  ffmpeg -f concat", "ffmpeg flac"),
        ("b.", "MP3   segue render --bitrate 320k", "segue mp3"), ("", "MP3   ffmpeg -f concat, lame 320k", "ffmpeg mp3"),
        ("c.", "floor decode-only (concat, null)", "decode only"), ("", "floor encode-only FLAC (raw in)", "encode only flac"),
        ("", "floor encode-only MP3 (raw in)", "encode only mp3"),
    ]
    for tag, label, name in rows:
        m = med[name]
        print(f"{tag:<4}{label:<35}{m['wall']:8.2f}{best[name]:8.2f}{m['cpu']:8.2f}{m['cpu'] / m['wall']:9.2f}"
              f"{m['rss']:9.1f}{hours * 3600 / m['wall']:11.0f}")

    wall = {name: m["wall"] for name, m in med.items()}
    floor = {codec: max(wall["decode only"], wall["encode only " + codec]) for codec in ("flac", "mp3")}
    floor_runs = {codec: [max(d["wall"], e["wall"]) for d, e in zip(runs["decode only"], runs["encode only " + codec])]
                  for codec in ("flac", "mp3")}
    # This machine's speed drifts by up to a quarter over minutes (a shared host), so each ratio
    # is taken within one repetition, between cases run minutes apart at most, then the median.
    paired = lambda name, other: statistics.median(r["wall"] / o for r, o in zip(runs[name], other))
    versus = lambda name: [r["wall"] for r in runs[name]]
    print(f"\nFloors (max of decode-only and encode-only wall): FLAC {floor['flac']:.2f} s, MP3 {floor['mp3']:.2f} s")
    print("Ratios: median over the repetitions of each repetition's own ratio")
    target("FLAC  segue wall / ffmpeg wall", paired("segue flac", versus("ffmpeg flac")), 1.0)
    target("FLAC  segue wall / floor", paired("segue flac", floor_runs["flac"]), 1.08)
    print(f"    {'MP3   segue wall / ffmpeg wall':<44}{paired('segue mp3', versus('ffmpeg mp3')):7.3f} x    (no target)")
    target("MP3   segue wall / floor (LAME encode-only)", paired("segue mp3", floor_runs["mp3"]), 1.03)
    print("    per repetition, MP3 segue / floor: " +
          ", ".join(f"{r['wall'] / f:.3f}" for r, f in zip(runs["segue mp3"], floor_runs["mp3"])))
    for codec in ("flac", "mp3"):
        target(f"{codec.upper():<6}segue peak RSS (ffmpeg: {med['ffmpeg ' + codec]['rss']:.1f} MiB)",
               med["segue " + codec]["rss"], 64, "MiB", strict=True)
    # Most of either program's RSS is shared libraries (ffmpeg links ~200), mapped before any work.
    startup = {tool: run_once(argv, w("child.log"))["rss"] for tool, argv in
               (("segue", [args.segue, "--help"]), ("ffmpeg", ["ffmpeg", "-version"]))}
    print(f"    start-up RSS: segue --help {startup['segue']:.1f} MiB, ffmpeg -version {startup['ffmpeg']:.1f} MiB; "
          f"rendering adds {med['segue flac']['rss'] - startup['segue']:.1f} MiB (FLAC), "
          f"{med['segue mp3']['rss'] - startup['segue']:.1f} MiB (MP3)")

    print("\nWhere segue's CPU goes (threads sampled from /proc; ffmpeg CLI floors for comparison), CPU s:")
    for codec in ("flac", "mp3"):
        m = med["segue " + codec]
        print(f"    {codec.upper():<6}encode thread (main) {m['main thread']:7.2f} vs encode-only "
              f"{med['encode only ' + codec]['cpu']:7.2f};  decode thread {m['other thread']:6.2f} vs decode-only "
              f"{med['decode only']['cpu']:6.2f};  threads overlap {m['cpu'] / m['wall']:.2f}x")

    print(f"\nDecoded length (sample frames; the hour's inputs decode to {hour_frames}):")
    for codec in ("flac", "mp3"):
        mine, theirs = decoded_frames(cases["segue " + codec][1]), decoded_frames(cases["ffmpeg " + codec][1])
        print(f"    {codec.upper():<6}segue {mine:>11}   ffmpeg {theirs:>11}   {'same' if mine == theirs else 'DIFFERENT'}")
        if mine != theirs:
            sys.exit(f"FAILED: segue's and ffmpeg's {codec} outputs decode to different lengths")

    print("\nd.  segue FLAC render, by playlist length")
    print(f"    {'tracks':>6}{'audio h':>9}{'wall s':>9}{'s per audio h':>15}{'peak MiB':>10}{'decoded frames':>16}")
    for name in ("segue flac 2", "segue flac", "segue flac 48"):
        _, output, count = cases[name]
        frames, expected = decoded_frames(output), hour_frames * count // 12
        if frames != expected:
            sys.exit(f"FAILED: the {count}-track render decodes to {frames} frames, not {expected}")
        length = hours * count / 12
        print(f"    {count:>6}{length:>9.2f}{wall[name]:>9.2f}{wall[name] / length:>15.1f}{med[name]['rss']:>10.1f}"
              f"{frames:>16}")
    print(f"    peak RSS from 2 to 48 tracks: {med['segue flac 48']['rss'] - med['segue flac 2']['rss']:+.1f} MiB")

    print(f"\ne.  crossfaded mixes: {CROSSFADE} s equal-power crossfades (ffmpeg: a chain of acrossfade, qsin curves)")
    print(f"    {'case':<30}{'wall s':>8}{'CPU s':>8}{'peak MiB':>10}{'s per audio h':>15}{'decoded frames':>16}")
    for codec, count in (("flac", 2), ("flac", 12), ("flac", 48), ("mp3", 12)):
        suffix = "" if count == 12 else f" {count}"
        expected = hour_frames * count // 12 - (count - 1) * CROSSFADE * 44100
        length = expected / 44100 / 3600
        for tool in ("segue", "ffmpeg"):
            name = f"{tool} xfade {codec}{suffix}"
            frames = decoded_frames(cases[name][1])
            m = med[name]
            print(f"    {tool + ' ' + codec.upper() + f', {count} tracks':<30}{m['wall']:8.2f}{m['cpu']:8.2f}{m['rss']:10.1f}"
                  f"{m['wall'] / length:15.1f}{frames:>16}")
            if tool == "segue" and frames != expected:
                sys.exit(f"FAILED: segue's {count}-track crossfade decodes to {frames} frames, not {expected}")
    target("FLAC  segue crossfade wall / ffmpeg wall", paired("segue xfade flac", versus("ffmpeg xfade flac")), 0.95)
    target("FLAC  segue crossfade wall / floor", paired("segue xfade flac", floor_runs["flac"]), 1.08)
    target("FLAC  segue crossfade peak RSS", med["segue xfade flac"]["rss"], 64, "MiB", strict=True)
    print(f"    {'segue s per audio h, 48 vs 2 tracks':<44}{wall['segue xfade flac 48'] / wall['segue xfade flac 2'] / 24:7.3f} x"
          f"    (ffmpeg {wall['ffmpeg xfade flac 48'] / wall['ffmpeg xfade flac 2'] / 24:.3f} x)")
    print(f"    {'peak RSS, 48 minus 2 tracks':<44}{med['segue xfade flac 48']['rss'] - med['segue xfade flac 2']['rss']:+7.1f} MiB"
          f"  (ffmpeg {med['ffmpeg xfade flac 48']['rss'] - med['ffmpeg xfade flac 2']['rss']:+.1f} MiB)")

    print("\nf.  one minute of the four-hour playlist, rendered alone (FLAC)")
    for name in ("range near start", "range near end"):
        print(f"    {name:<30}{wall[name]:8.2f} s wall {med[name]['cpu']:8.2f} s CPU {med[name]['rss']:8.1f} MiB")
    print(f"    {'end / start':<30}{wall['range near end'] / wall['range near start']:8.2f} x")

    late = int(args.track_seconds * 12 - 60)
    print(f"\ng.  entering compressed inputs late (facts cached): 30 s from {late // 60}:{late % 60:02d} of the hour as one VBR MP3,"
          f" and 30 s from {int(args.track_seconds * 44) // 3600}:{int(args.track_seconds * 44) // 60 % 60:02d}:00 of it four times")
    for name in ("segue late clip mp3", "ffmpeg late clip mp3", "segue late range mp3"):
        print(f"    {name:<30}{wall[name]:8.2f} s wall {med[name]['cpu']:8.2f} s CPU {med[name]['rss']:8.1f} MiB")
    target("late clip, segue wall", wall["segue late clip mp3"], 1.0, "s", strict=True)
    target("late range of four hours, segue wall", wall["segue late range mp3"], 1.0, "s", strict=True)
    print(f"    {'late clip segue / ffmpeg -ss':<44}{paired('segue late clip mp3', versus('ffmpeg late clip mp3')):7.3f} x    (no target)")


if __name__ == "__main__":
    main()
