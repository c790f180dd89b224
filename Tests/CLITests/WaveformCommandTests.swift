import AudioTestSupport
import Foundation
import Testing

/// `segue waveform` writes BBC audiowaveform's data (version 2): checked field by field against
/// the format's specification, and value by value against numpy's minima and maxima over the
/// same samples.
@Suite struct WaveformCommandTests {
  struct Case: Sendable, CustomTestStringConvertible {
    var input: String
    var flags: [String]
    var output: String
    /// The frames per pixel the flags mean for the input's rate.
    var samplesPerPixel: Int
    var bits: Int
    var split: Bool
    var testDescription: String { "\(input) \(flags.joined(separator: " ")) → \(output)" }
  }

  static let cases: [Case] = [
    Case(input: "stereo.wav", flags: [], output: "a.dat", samplesPerPixel: 256, bits: 16, split: false),
    Case(input: "stereo.wav", flags: ["--split-channels", "--bits", "8"], output: "b.dat", samplesPerPixel: 256, bits: 8, split: true),
    Case(input: "stereo.wav", flags: ["--samples-per-pixel", "333", "--split-channels"], output: "c.json", samplesPerPixel: 333, bits: 16, split: true),
    Case(input: "stereo.wav", flags: ["--samples-per-pixel", "97", "--bits", "8"], output: "d.json", samplesPerPixel: 97, bits: 8, split: false),
    Case(input: "mono.wav", flags: ["--pixels-per-second", "100"], output: "e.dat", samplesPerPixel: 480, bits: 16, split: false),
    Case(input: "mono.wav", flags: ["--pixels-per-second", "7", "--bits", "8", "--split-channels"], output: "f.json", samplesPerPixel: 6857, bits: 8, split: true),
    Case(input: "stereo.flac", flags: ["--samples-per-pixel", "2"], output: "g.dat", samplesPerPixel: 2, bits: 16, split: false),
  ]

  /// A Python with numpy: Debian's own, where `scripts/bootstrap` installs python3-numpy, else the PATH's.
  static let pythonWithNumpy = ["/usr/bin/python3", "python3"].first { (try? FFmpegCLI.run($0, ["-c", "import numpy"]).status) == 0 }

  /// Checks the data file against the specification and numpy; prints "ok" or what differs.
  static let judge = """
    import json, struct, sys, wave
    import numpy as np
    source, out, spp, bits, split = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), sys.argv[5] == "split"
    with wave.open(source) as w:
        rate, channels, frames = w.getframerate(), w.getnchannels(), w.getnframes()
        samples = np.frombuffer(w.readframes(frames), dtype="<i2").reshape(-1, channels).astype(np.int64)
    if not split:
        total = samples.sum(axis=1)
        samples = (np.sign(total) * (np.abs(total) // channels)).reshape(-1, 1)
    starts = np.arange(0, frames, spp)
    lows, highs = np.minimum.reduceat(samples, starts, axis=0), np.maximum.reduceat(samples, starts, axis=0)
    expected = np.stack([lows, highs], axis=2).reshape(-1)
    if bits == 8:
        expected = np.sign(expected) * (np.abs(expected) // 256)
    want = {"version": 2, "channels": samples.shape[1], "sample_rate": rate, "samples_per_pixel": spp, "bits": bits, "length": len(starts)}
    problems = []
    if out.endswith(".json"):
        document = json.load(open(out))
        if list(document) != list(want) + ["data"]:
            problems.append(f"keys {list(document)}")
        got = {key: document.get(key) for key in want}
        data = np.array(document.get("data", []), dtype=np.int64)
    else:
        raw = open(out, "rb").read()
        version, flags, rate_, spp_, length, channels_ = struct.unpack("<iIiiIi", raw[:24])
        if flags & ~1:
            problems.append(f"flags {flags}")
        got = {"version": version, "channels": channels_, "sample_rate": rate_, "samples_per_pixel": spp_, "bits": 8 if flags & 1 else 16, "length": length}
        if len(raw) != 24 + length * channels_ * 2 * bits // 8:
            problems.append(f"{len(raw)} bytes for {length} pixels of {channels_} channels")
        data = np.frombuffer(raw[24:], dtype="<i1" if bits == 8 else "<i2").astype(np.int64)
    problems += [f"{key} {got[key]}, not {want[key]}" for key in want if got[key] != want[key]]
    if data.shape != expected.shape:
        problems.append(f"{data.size} values, not {expected.size}")
    elif (data != expected).any():
        first = int(np.argmax(data != expected))
        problems.append(f"{int((data != expected).sum())} values differ, the first at {first}: {data[first]}, not {expected[first]}")
    print("; ".join(problems) or "ok")
    """

  /// Stereo whose channels differ (a tone, and noise whose sum with it is often odd), mono at
  /// 48 kHz, and the stereo as FLAC; lengths of no round number.
  static func sources(in fixture: Fixture) throws {
    let stereo = "[0][1]amerge=inputs=2,atrim=end_sample=132457"
    try FFmpegCLI.make([
      "-f", "lavfi", "-i", "sine=f=997:r=44100", "-f", "lavfi", "-i", "anoisesrc=c=white:a=0.7:r=44100:s=5",
      "-filter_complex", stereo, "-c:a", "pcm_s16le", fixture.file("stereo.wav"),
    ])
    try FFmpegCLI.make(["-i", fixture.file("stereo.wav"), "-c:a", "flac", fixture.file("stereo.flac")])
    try FFmpegCLI.make([
      "-f", "lavfi", "-i", "anoisesrc=c=pink:a=0.9:r=48000:s=9", "-af", "atrim=end_sample=100003", "-c:a", "pcm_s16le", fixture.file("mono.wav"),
    ])
  }

  @Test func dataMatchesTheSpecificationAndNumpy() throws {
    guard let python = installedByBootstrap(Self.pythonWithNumpy, "Python with numpy") else { return }
    let fixture = try Fixture()
    try Self.sources(in: fixture)
    for check in Self.cases {
      let result = try fixture.run(["waveform", check.input, "-o", check.output] + check.flags)
      #expect(result.status == 0, "\(check.testDescription): \(result.stderr)")
      let reference = check.input.replacingOccurrences(of: ".flac", with: ".wav")
      let judged = try FFmpegCLI.run(
        python, ["-c", Self.judge, fixture.file(reference), fixture.file(check.output), "\(check.samplesPerPixel)", "\(check.bits)", check.split ? "split" : "merged"])
      let verdict = String(decoding: judged.stdout, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
      #expect(verdict == "ok", "\(check.testDescription): \(verdict)")
    }
  }

  /// The summary says what was written.
  @Test func summaryNamesTheData() throws {
    let fixture = try Fixture()
    try Self.sources(in: fixture)
    let result = try fixture.run(["waveform", "stereo.wav", "-o", "peaks.dat", "--split-channels"])
    // 132457 frames in pixels of 256: 517 whole ones and a last of 105 frames.
    #expect(result.stdout == "Wrote peaks.dat: 518 pixels of 256 frames at 44100 Hz, 2 channels, 16-bit\n", "\(result.stderr)")
  }

  /// Refusals name the flag or the file, exit non-zero and leave the folder as it was.
  @Test(arguments: [
    (["--bits", "12"], "--bits must be 8 or 16, not '12'", Int32(64)),
    (["--samples-per-pixel", "1"], "--samples-per-pixel must be a whole number from 2 to 16777216, not 1", 64),
    (["--samples-per-pixel", "300", "--pixels-per-second", "10"], "give --samples-per-pixel or --pixels-per-second, not both", 64),
    (["--pixels-per-second", "30000"], "--pixels-per-second must be a whole number from 1 to 24000, not 30000", 1),
  ])
  func refusesWhatItCannotWrite(flags: [String], message: String, status: Int32) throws {
    let fixture = try Fixture([.tone("a.wav", frames: 4_567)])
    try FFmpegCLI.make(["-i", fixture.file("a.wav"), "-ar", "48000", fixture.file("b.wav")])
    let before = fixture.snapshot()
    let result = try fixture.run(["waveform", "b.wav", "-o", "peaks.dat"] + flags)
    #expect(result.status == status)
    #expect(result.stderr.contains(message), "\(result.stderr)")
    #expect(fixture.snapshot() == before)
  }

  /// An output that exists is kept unless `--overwrite`; an unknown extension is refused by name.
  @Test func keepsWhatExistsAndNamesTheForms() throws {
    let fixture = try Fixture([.tone("a.wav", frames: 4_567), .text("peaks.json", "mine")])
    let before = fixture.snapshot()
    let kept = try fixture.run(["waveform", "a.wav", "-o", "peaks.json"])
    expectFailure(kept, stderr: "error: peaks.json: already exists; pass --overwrite (-y) to replace it\n", unchanged: before, in: fixture)
    let unknown = try fixture.run(["waveform", "a.wav", "-o", "peaks.png"])
    #expect(unknown.status == 1)
    #expect(unknown.stderr == "error: peaks.png: waveform data is written as .dat (binary) or .json, not '.png'\n", "\(unknown.stderr)")
    let replaced = try fixture.run(["waveform", "a.wav", "-o", "peaks.json", "-y"])
    #expect(replaced.status == 0, "\(replaced.stderr)")
    #expect(try String(contentsOfFile: fixture.file("peaks.json"), encoding: .utf8).hasPrefix("{\"version\":2,"))
  }
}
