import Testing

/// Option values outside what the help promises, and an output path that is a folder: each must
/// be refused up front, with a message naming the problem, before anything is written.
///
@Suite struct OptionRangeTests {
  /// Arguments, files beside `a.flac`, and the words the error must hold.
  static let cases: [(arguments: String, files: [FixtureFile], mention: String)] = [
    ("a.flac -o out.flac --compression-level 13", [], "--compression-level"),
    ("a.flac -o out.flac --bit-depth 32", [], "--bit-depth"),
    ("a.flac -o out.mp3 --quality 10", [], "--quality"),
    ("a.flac -o out.mp3 --compression-level 5", [], "--compression-level"),
    ("a.flac -o out.flac", [.folder("out.flac")], "folder"),
    ("a.flac -o out.flac -y", [.folder("out.flac")], "folder"),
    ("a.flac -o out.flac --loudness 5", [], "--loudness must be from -70 to 0 LUFS, not 5"),
    ("a.flac -o out.flac --loudness 1e300", [], "--loudness must be from -70 to 0 LUFS, not 1e+300"),
    ("a.flac -o out.flac --true-peak -31", [], "--true-peak must be from -30 to 0 dBTP"),
    ("a.flac -o out.flac --peak-policy clip", [], "The value 'clip' is invalid for '--peak-policy <peak-policy>'. Please provide one of 'limit', 'cap' or 'none'."),
    ("a.flac -o out.flac --loudness-scope disc", [], "The value 'disc' is invalid for '--loudness-scope <loudness-scope>'"),
    ("a.flac -o out.flac --format xyz", [], "The value 'xyz' is invalid for '--format <format>'"),
    ("a.flac -o out.flac --codec mp2", [], "The value 'mp2' is invalid for '--codec <codec>'"),
    // A negative value is read as the option's value (not as another option) and refused for what it is.
    ("a.flac -o out.flac --gap -1", [], "--gap must not be negative (-1)"),
    ("a.flac -o out.flac --max-pause 0", [], "--max-pause must be from 0.1 to 3600 s, not 0"),
    ("a.flac -o out.flac --max-pause nan", [], "--max-pause must be from 0.1 to 3600 s"),
    ("a.flac -o out.flac --silence-threshold 3", [], "--silence-threshold must be from -120 to 0 dBFS, not 3"),
    ("a.flac -o out.flac --trim-silence --trim-margin 11", [], "--trim-margin must be from 0 to 10 s, not 11"),
    ("a.flac -o out.flac --auto-cue --cue-level 42", [], "--cue-level must be from -70 to 0 LU, not 42"),
    ("a.flac -o out.flac --beatmatch --tempo-ramp 0", [], "--tempo-ramp must be a whole number from 1 to 64 bars, not 0"),
    ("a.flac -o out.flac --beatmatch --max-tempo-change 60", [], "--max-tempo-change must be from 0 to 50 percent, not 60"),
    ("a.flac -o out.flac --beatmatch --max-tempo-change -1", [], "--max-tempo-change must be from 0 to 50 percent, not -1"),
    ("a.flac -o out.flac --beatmatch-method tape", [], "The value 'tape' is invalid for '--beatmatch-method <method>'. Please provide one of 'auto', 'varispeed' or 'preserve-pitch'."),
    ("a.flac -o out.flac --key-shift maybe", [], "The value 'maybe' is invalid for '--key-shift <auto|off>'. Please provide one of 'auto' and 'off'."),
    ("a.flac -o out.flac --key-shift auto --max-key-shift 7", [], "--max-key-shift must be a whole number from 0 to 6 semitones, not 7"),
    ("a.flac -o out.flac --order random", [], "The value 'random' is invalid for '--order <order>'. Please provide one of 'harmonic' and 'as-given'."),
    ("a.flac -o out.flac --keep-last", [], "--keep-last goes with --order harmonic"),
    ("a.flac -o out.flac --crossfade 0bars", [], "--crossfade counts from one beat to 1024 bars, not '0bars'"),
    ("a.flac -o out.flac --crossfade 9999bars", [], "--crossfade counts from one beat to 1024 bars, not '9999bars'"),
  ]

  @Test(arguments: cases)
  func refusesUpFront(arguments: String, files: [FixtureFile], mention: String) throws {
    let fixture = try Fixture([ErrorCase.track] + files)
    let before = fixture.snapshot()
    let result = try fixture.run(renderArguments(arguments))
    #expect(result.exited && [1, 64].contains(result.status), "accepted, or ended by a signal")
    #expect(result.stderr.contains(mention), "\(result.stderr)")
    #expect(fixture.snapshot() == before, "left an output behind")
  }
}
