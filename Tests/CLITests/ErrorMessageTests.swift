import Testing

/// Bad inputs and outputs: one exact `error:` line per problem, exit 1, and nothing written.
@Suite struct ErrorMessageTests {
  @Test(arguments: ErrorCase.inputs + ErrorCase.hostile + ErrorCase.together + ErrorCase.outputs + ErrorCase.options)
  func failsWithExactMessageAndWritesNothing(_ example: ErrorCase) throws {
    let fixture = try Fixture(example.files)
    let before = fixture.snapshot()
    let result = try fixture.run(example.arguments)
    expectFailure(result, stderr: fixture.resolve(example.stderr), unchanged: before, in: fixture)
  }
}

extension ErrorCase {
  /// A good input for cases about something else.
  static let track = FixtureFile.tone("a.flac")

  /// The line for an output whose format `segue` cannot tell or does not know.
  static func unknownFormat(_ path: String, _ format: String) -> String {
    "error: \(path): unknown output format '\(format)'; use .wav, .flac, .mp3, .m4a, .m4b, .opus or .ogg, or --format\n"
  }

  /// Inputs that cannot be read, named directly or by a playlist.
  static let inputs: [ErrorCase] = [
    ErrorCase("missing file", "missing.flac -o out.flac", "error: missing.flac: file not found\n"),
    ErrorCase("empty file", files: [.empty("empty.flac")], "empty.flac -o out.flac", "error: empty.flac: file is empty\n"),
    ErrorCase(
      "text named .mp3", files: [.text("text.mp3", "This is not audio.\n")], "text.mp3 -o out.flac",
      "error: text.mp3: not an audio file FFmpeg can read\n"),
    ErrorCase(
      "truncated FLAC", files: [.truncatedFLAC("trunc.flac", frames: 100_003)], "trunc.flac -o out.flac",
      "error: trunc.flac: truncated: decoded {decoded} of 100003 sample frames; --allow-truncated renders it as far as it goes\n"),
    ErrorCase(
      "truncated MP3", files: [.truncatedMP3("cut.mp3", frames: 100_003)], "cut.mp3 -o out.flac",
      "error: cut.mp3: truncated: decoded {decodedMP3} of 100003 sample frames; --allow-truncated renders it as far as it goes\n"),
    ErrorCase(
      "video without audio", files: [.video("video.mkv")], "video.mkv -o out.flac",
      "error: video.mkv: has no audio stream\n"),
    ErrorCase(
      "folder without audio as input", files: [.folder("dir")], "dir -o out.flac", "error: the folder dir holds no audio files\n"),
    ErrorCase(
      "playlist names a missing file", files: [track, .text("m.m3u", "a.flac\nmissing.flac\n")], "m.m3u -o out.flac",
      "error: m.m3u:2: missing.flac: file not found\n"),
    ErrorCase(
      "playlist in a subfolder names a missing file", files: [.text("lists/m.m3u", "#EXTM3U\ngone.flac\n")],
      "lists/m.m3u -o out.flac", "error: lists/m.m3u:2: gone.flac: file not found\n"),
    ErrorCase(
      "line numbers count CRLF and BOM lines", files: [track, .text("crlf.m3u8", "\u{FEFF}#EXTM3U\r\na.flac\r\n\r\ngone.flac\r\n")],
      "crlf.m3u8 -o out.flac", "error: crlf.m3u8:4: gone.flac: file not found\n"),
    ErrorCase("playlist not found", "gone.m3u -o out.flac", "error: gone.m3u: playlist not found\n"),
    ErrorCase(
      "network stream in playlist", files: [.text("net.m3u", "http://radio.example/live.mp3\n")], "net.m3u -o out.flac",
      "error: net.m3u:1: 'http://radio.example/live.mp3' is a network stream; Segue renders local files\n"),
    ErrorCase(
      "playlist with no tracks", files: [.text("none.m3u", "#EXTM3U\n# nothing yet\n")], "none.m3u -o out.flac",
      "error: none.m3u: nothing to render: the playlist names no audio files\n"),
    ErrorCase(
      "file with no audio frames", files: [.noAudio("silent.flac")], "silent.flac -o out.flac",
      "error: silent.flac: holds no audio (its audio stream has no sample frames)\n"),
    ErrorCase(
      "several bad inputs", files: [track, .empty("empty.flac"), .text("text.mp3", "no\n")],
      "missing.flac a.flac empty.flac text.mp3 -o out.flac",
      """
      error: missing.flac: file not found
      error: empty.flac: file is empty
      error: text.mp3: not an audio file FFmpeg can read

      """),
  ]

  /// What a careless or hostile user gives: refused with a line naming where, before anything
  /// is written, and never a crash.
  static let hostile: [ErrorCase] = [
    ErrorCase(
      "huge gain in YAML", files: [track, .text("g.yaml", "version: 1\nentries:\n  - file: a.flac\n    gain: 1e300\n")], "g.yaml -o out.flac",
      "error: g.yaml:4:11: 'gain' must be from -96 to 96 dB, not 1e+300\n"),
    ErrorCase(
      "huge fade in YAML", files: [track, .text("f.yaml", "version: 1\nentries:\n  - file: a.flac\n    fade-in: 1e300\n")], "f.yaml -o out.flac",
      "error: f.yaml:4:14: 'fade-in' must be at most 1000000 seconds, not '1e300'\n"),
    ErrorCase(
      "huge crossfade in YAML",
      files: [track, .text("x.yaml", "version: 1\nentries:\n  - file: a.flac\n    transition: {crossfade: 1e300}\n  - file: a.flac\n")],
      "x.yaml -o out.flac", "error: x.yaml:4:29: 'crossfade' must be at most 1000000 seconds, not '1e300'\n"),
    ErrorCase(
      "huge default gap in YAML", files: [track, .text("d.yaml", "version: 1\ndefaults: {gap: 1e300}\nentries:\n  - file: a.flac\n")],
      "d.yaml -o out.flac", "error: d.yaml:2:17: 'gap' must be at most 1000000 seconds, not '1e300'\n"),
    ErrorCase(
      "a gap of more than 10 minutes", files: [track], "a.flac a.flac -o out.flac --gap 100000",
      "error: a gap of 27:46:40.000 is longer than 10 minutes; pass --allow-long if it is meant\n"),
    ErrorCase(
      "a device as input", "/dev/zero -o out.flac", "error: /dev/zero: is a device, not a regular file; Segue reads audio files\n"),
    ErrorCase(
      "a device as output", files: [track], "a.flac -o /dev/null -y --format flac", "error: /dev/null: is a device; Segue writes regular files\n"),
    ErrorCase(
      "binary bytes read as a playlist", files: [.text("bin.m3u", "\u{01}\u{02}\u{1B}[31mred\n")], "bin.m3u -o out.flac",
      "error: bin.m3u:1: \\u{1}\\u{2}\\u{1B}[31mred: file not found\n"),
    ErrorCase(
      "a bit rate for lossless output", files: [track], "a.flac -o out.flac --bitrate 320k",
      "error: --bitrate applies to lossy output (MP3, AAC, Opus, Vorbis), not to FLAC\n"),
  ]

  /// Problems of every kind at once: each reported in one run, a line each.
  static let together: [ErrorCase] = [
    ErrorCase(
      "two bad playlists and a missing file", files: [track, .text("bad.yaml", "version: 1\nentries:\n  - file: a.flac\n    fade-in: -2\n"),
        .text("new.yaml", "version: 2\n")], "bad.yaml new.yaml missing.flac a.flac -o out.flac",
      """
      error: bad.yaml:4:14: 'fade-in' must not be negative (-2)
      error: new.yaml:1:10: unknown version 2 (this Segue reads version 1)
      error: missing.flac: file not found

      """),
    ErrorCase(
      "a missing input and an output that exists", files: [track, .text("out.flac", "keep me")], "missing.flac a.flac -o out.flac",
      """
      error: missing.flac: file not found
      error: out.flac: already exists; pass --overwrite (-y) to replace it

      """),
    ErrorCase(
      "every crossfade too long for its tracks", files: [.tone("long.flac", frames: 88_200), .tone("short.flac", frames: 22_050)],
      "short.flac long.flac short.flac -o out.flac --crossfade 1",
      """
      error: short.flac: the crossfade of 1.000 s into the next track is longer than the track (0.500 s)
      error: short.flac: the crossfade of 1.000 s from the track before is longer than the track (0.500 s)

      """),
  ]

  /// Output paths that must be refused before anything is written.
  static let outputs: [ErrorCase] = [
    ErrorCase(
      "output folder missing", files: [track], "a.flac -o nodir/x.flac", "error: nodir/x.flac: folder 'nodir' does not exist\n"),
    ErrorCase(
      "output exists", files: [track, .text("out.flac", "keep me")], "a.flac -o out.flac",
      "error: out.flac: already exists; pass --overwrite (-y) to replace it\n"),
    ErrorCase(
      "output is an input", files: [.tone("p1.flac"), .tone("p2.flac")], "p1.flac p2.flac -o p1.flac",
      "error: p1.flac: is also an input (p1.flac); choose another output path\n"),
    ErrorCase(
      "output is an input, even with -y", files: [.tone("p1.flac")], "p1.flac -o ./p1.flac -y",
      "error: ./p1.flac: is also an input (p1.flac); choose another output path\n"),
    ErrorCase(
      "output is an input named by a playlist", files: [.tone("p1.flac"), .tone("p2.flac"), .text("list.m3u", "#EXTM3U\np2.flac\np1.flac\n")],
      "list.m3u -o p1.flac", "error: p1.flac: is also an input (list.m3u:3: p1.flac); choose another output path\n"),
    ErrorCase("unknown output extension", files: [track], "a.flac -o x.xyz", unknownFormat("x.xyz", ".xyz")),
    ErrorCase("no output extension", files: [track], "a.flac -o mix", unknownFormat("mix", "(none)")),
  ]

  /// Options that parse but do not fit the output format.
  static let options: [ErrorCase] = [
    ErrorCase(
      "codec the format lacks", files: [track], "a.flac -o out.mp3 --codec opus",
      "error: --codec opus is not available in .mp3 output (choose mp3)\n"),
    ErrorCase(
      "bit depth for lossy output", files: [track], "a.flac -o out.mp3 --bit-depth 24",
      "error: --bit-depth applies to WAV, FLAC and ALAC output, not to MP3\n"),
    ErrorCase(
      "sample rate the codec lacks", files: [track], "a.flac -o out.opus --sample-rate 44100",
      "error: --sample-rate 44100 is not available for Opus (choose 48000)\n"),
    ErrorCase(
      "sample rate over Vorbis's limit", files: [track], "a.flac -o out.ogg --sample-rate 352800",
      "error: --sample-rate 352800 is not available for Vorbis (choose up to 200000)\n"),
    ErrorCase(
      "too many channels for MP3", files: [track], "a.flac -o out.mp3 --channels 6",
      "error: --channels 6 is not available for MP3 (choose 1, 2)\n"),
    ErrorCase(
      "MP3 bit rate over MPEG-2's limit", files: [track], "a.flac -o out.mp3 --sample-rate 22050 --bitrate 320k",
      "error: --bitrate 320k is more than MP3 holds at 22050 Hz (MPEG-2 Layer III tops out at 160k, from --sample-rate 22050); "
        + "choose --bitrate 160k or less, or --sample-rate 44100\n"),
    ErrorCase(
      "MP3 bit rate over MPEG-1's limit, where no rate helps", files: [track], "a.flac -o out.mp3 --bitrate 500k",
      "error: --bitrate 500k is more than MP3 holds at 44100 Hz (MPEG-1 Layer III tops out at 320k, from the first track's 44100 Hz); "
        + "choose --bitrate 320k or less\n"),
    ErrorCase(
      "AAC bit rate over what FFmpeg's encoder takes for mono", files: [track], "a.flac -o out.m4a --channels 1 --bitrate 320k",
      "error: --bitrate 320k is more than AAC holds at 44100 Hz (FFmpeg's AAC encoder for mono tops out at 264k, from the first track's 44100 Hz); "
        + "choose --bitrate 264k or less\n"),
    ErrorCase(
      "AAC bit rate over what FFmpeg's encoder takes at 32 kHz", files: [track], "a.flac -o out.m4a --channels 1 --sample-rate 32000 --bitrate 256k",
      "error: --bitrate 256k is more than AAC holds at 32000 Hz (FFmpeg's AAC encoder for mono tops out at 192k, from --sample-rate 32000); "
        + "choose --bitrate 192k or less, or --sample-rate 44100\n"),
    ErrorCase(
      "output named as a folder", files: [track, .folder("out")], "a.flac -o out/", "error: out/: is a folder; name a file to write\n"),
  ]
}
