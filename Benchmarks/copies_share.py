"""Reads `perf script` output (frames as "ip symbol (file)") on stdin and prints two shares of the
CPU samples, in percent: copies and format conversions anywhere (memmove/memcpy, libswresample,
Segue's quantizer and its integer and float conversions), and the block's own (the same, where a
memmove or memcpy is called from the segue program itself rather than from inside FFmpeg's
demuxer, decoder or muxer). Used by Benchmarks/copies."""
import re
import sys

program = sys.argv[1]
conversions = re.compile(r"swresample|quantize|copyFloats|writeFloats|HeldIntegers|MixedPCM|MixSamples")
copies = re.compile(r"memmove|memcpy")
total = anywhere = own = 0
for sample in sys.stdin.read().split("\n\n"):
    frames = [line.strip() for line in sample.strip().split("\n") if line.strip()]
    if not frames:
        continue
    total += 1
    if conversions.search(frames[0]):
        anywhere += 1
        own += 1
    elif copies.search(frames[0]):
        anywhere += 1
        if len(frames) > 1 and frames[1].endswith(f"({program})"):
            own += 1
print(f"{100 * anywhere / max(total, 1):.2f} {100 * own / max(total, 1):.2f}")
