import Testing

/// Arguments that fail validation: exit 64 (EX_USAGE), a message naming the option, and the usage line.
@Suite struct UsageErrorTests {
  /// Arguments after `render a.flac -o out.flac`, and the start of the error they must print.
  static let cases: [(arguments: [String], message: String)] = [
    (["--bit-depth", "20"], "--bit-depth must be 16, 24 or 32"),
    (["--bit-depth", "deep"], "The value 'deep' is invalid for '--bit-depth <bit-depth>'"),
    (["--bitrate", "abc"], "--bitrate must be a rate such as 320k or 128000, got 'abc'"),
    (["--bitrate", "5k"], "--bitrate must be a rate such as 320k or 128000, got '5k'"),
    (["--bitrate", "320k", "--quality", "2"], "give --bitrate or --quality, not both"),
    (["--sample-rate", "1000"], "--sample-rate must be between 8000 and 384000"),
    (["--channels", "0"], "--channels must be between 1 and 8"),
    (["--frobnicate"], "Unknown option '--frobnicate'"),
    (["--to", "1", "--duration", "1"], "give --to or --duration, not both"),
    (["--from", "3", "--to", "2"], "--to must come after --from"),
    (["--from", "1:75"], "--from takes a time in seconds or [h:]mm:ss[.fff], not '1:75'"),
    (["--chapter-title", "{year}"], "--chapter-title: unknown field {year} in '{year}' (the fields are {artist}, {title}, {album}, {n}, {file})"),
    (["--tracklist-format", "{n}. {title"], "--tracklist-format: '{' is never closed in '{n}. {title'"),
  ]

  @Test(arguments: cases)
  func rejectsBadOptionValues(arguments: [String], message: String) throws {
    try expectUsageError(["render", "a.flac", "-o", "out.flac"] + arguments, message: message)
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
    #expect(result.stderr.contains("Usage: segue render [<options>] <inputs> ... --output <output>"))
    #expect(fixture.snapshot() == before)
  }
}
