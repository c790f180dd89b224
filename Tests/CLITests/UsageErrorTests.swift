import Testing

/// Arguments that fail validation: exit 64 (EX_USAGE), a message naming the option, and the usage line.
@Suite struct UsageErrorTests {
  /// Arguments after `render a.flac -o out.flac`, and the start of the error they must print.
  static let cases: [(arguments: [String], message: String)] = [
    (["--bit-depth", "20"], "--bit-depth must be 16, 24 or 32, not '20'"),
    (["--bit-depth", "deep"], "The value 'deep' is invalid for '--bit-depth <bit-depth>'"),
    (["--bitrate", "abc"], "--bitrate must be a rate such as 320k or 128000, got 'abc'"),
    (["--bitrate", "5k"], "--bitrate must be from 6000 to 1536000 bit/s, not 5000"),
    (["--bitrate", "320k", "--quality", "2"], "give --bitrate or --quality, not both"),
    (["--sample-rate", "1000"], "--sample-rate must be a whole number from 8000 to 384000 Hz, not 1000"),
    (["--channels", "0"], "--channels must be a whole number from 1 to 8, not 0"),
    (["--frobnicate"], "Unknown option '--frobnicate'"),
    (["--to", "1", "--duration", "1"], "give --to or --duration, not both"),
    (["--from", "3", "--to", "2"], "--to must come after --from"),
    (["--from", "1:75"], "--from must be a time in seconds or [h:]mm:ss[.fff], not '1:75'"),
    // Numbers no audio means: refused where they are parsed, never reaching arithmetic.
    (["--crossfade", "1e14"], "--crossfade must be at most 1000000 seconds, not '1e14'"),
    (["--gap", "1e15"], "--gap must be at most 1000000 seconds, not '1e15'"),
    (["--from", "1e14"], "--from must be at most 1000000 seconds, not '1e14'"),
    (["--duration", "1e300"], "--duration must be at most 1000000 seconds, not '1e300'"),
    (["--crossfade", "0x5"], "--crossfade must be seconds (6, 0.5), [h:]mm:ss[.fff] (0:06) or a count of bars or beats (8bars, 32beats), not '0x5'"),
    (["--crossfade", "6s"], "--crossfade must be seconds (6, 0.5), [h:]mm:ss[.fff] (0:06) or a count of bars or beats (8bars, 32beats), not '6s'"),
    (["--gap", "inf"], "--gap must be a time in seconds or [h:]mm:ss[.fff], not 'inf'"),
    (["--edge-fade", "nan"], "--edge-fade must be a time in seconds or [h:]mm:ss[.fff], not 'nan'"),
    (["--chapter-title", "{year}"], "--chapter-title: unknown field {year} in '{year}' (the fields are {artist}, {title}, {album}, {n}, {file})"),
    (["--tracklist-format", "{n}. {title"], "--tracklist-format: '{' is never closed in '{n}. {title'"),
    (["--tempo-range", "87-174.5x"], "--tempo-range must be MIN-MAX in BPM (for example 70-140), not '87-174.5x'"),
    (["--tempo-range", "100-150"], "--tempo-range must be at least an octave wide (MAX at least twice MIN), not '100-150'"),
    (["--tempo-range", "10-1e300"], "--tempo-range must lie within 20 to 400 BPM, not '10-1e300'"),
  ]

  @Test(arguments: cases)
  func rejectsBadOptionValues(arguments: [String], message: String) throws {
    try expectUsageError(["render", "a.flac", "-o", "out.flac"] + arguments, message: message)
  }

  @Test(arguments: [
    (["--context", "1e300"], "--context must be at most 1000000 seconds, not '1e300'"),
    (["--pause", "1e300"], "--pause must be at most 1000000 seconds, not '1e300'"),
  ])
  func previewRejectsHugeTimes(arguments: [String], message: String) throws {
    try expectUsageError(["preview", "transitions", "a.flac", "-o", "out.flac"] + arguments, message: message)
  }

  /// A file name that begins with '-' and holds an 'h' is not a request for help (exit 0, nothing
  /// done): it is an unknown option, and `--` before it makes it a file name.
  @Test func aFileNamedLikeFlagsIsNeverHelp() throws {
    let fixture = try Fixture([.tone("-dash.wav")])
    let mistaken = try fixture.run(["render", "-dash.wav", "-o", "out.flac"])
    #expect(mistaken.status == 64)
    #expect(mistaken.stderr.hasPrefix("Error: '-dash.wav' is a file whose name reads as options; put -- before such names: -- -dash.wav\n"))
    let result = try fixture.run(["render", "-o", "out.flac", "--", "-dash.wav"])
    #expect(result.status == 0, "\(result.stderr)")
    let help = try fixture.run(["render", "-h"])
    #expect(help.status == 0 && help.stdout.contains("USAGE: segue render"))
  }

  /// Mistakes that name what was meant: a preview without its kind, a stretch given two targets.
  @Test(arguments: [
    (["preview", "a.flac", "-o", "out.flac"],
     "say what to preview: 'segue preview transitions a.flac -o out.flac' or 'segue preview snippets …'; for one stretch of the mix, 'segue render … --from 1:00 --to 2:00'"),
    (["stretch", "a.flac", "-o", "out.flac", "--ratio", "1.1", "--length", "30"],
     "give only one of --length, --frames, --ratio or --to-match, not --length and --ratio"),
    (["stretch", "a.flac", "-o", "out.flac"], "give one of --length, --frames, --ratio or --to-match"),
  ])
  func mistakesNameWhatWasMeant(arguments: [String], message: String) throws {
    try expectUsageError(arguments, message: message)
  }

  @Test(arguments: [
    (["render", "a.flac"], "Missing expected argument '--output <output>'"),
    (["render", "-o", "out.flac"], "Missing expected argument '<inputs> ...'"),
    (["render", "a.flac", "-o"], "Missing value for '-o <output>'"),
  ])
  func rejectsMissingArguments(arguments: [String], message: String) throws {
    try expectUsageError(arguments, message: message)
  }

  /// Runs `arguments` where `a.flac` exists, and checks for a usage error that starts with `message`.
  private func expectUsageError(_ arguments: [String], message: String) throws {
    let fixture = try Fixture([.text("a.flac", "never opened")])
    let before = fixture.snapshot()
    let result = try fixture.run(arguments)
    #expect(result.exited && result.status == 64)
    #expect(result.stdout == "")
    #expect(result.stderr.hasPrefix("Error: \(message)\n"), "\(result.stderr)")
    #expect(result.stderr.contains("Usage: segue "))
    #expect(fixture.snapshot() == before)
  }
}
