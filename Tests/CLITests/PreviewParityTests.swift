import AudioTestSupport
import FFmpegAudio
import Foundation
import Rendering
import Testing

/// What a DJ previews is what the render plays: with every option that changes the plan, each
/// transition preview holds the render's very samples around its join, the medley of snippets
/// plays the render's tracks in the render's order with their gains and key shifts, and the batch
/// line `--emit-request` prints renders the render's bytes.
@Suite struct PreviewParityTests {
  /// Seconds of mix either side of each join in the previews.
  static let context = 2.0

  /// A set and the options that change its plan.
  struct Case: Sendable, CustomStringConvertible {
    var name: String
    /// The playlist `make` writes.
    var playlist: String
    var options: [String]
    var make: @Sendable (Fixture) throws -> Void
    var description: String { name }
  }

  /// Four real tracks (excerpts of the hedgewars soundtrack) in harmonic order, beats matched,
  /// keys shifted and levelled, as a DJ renders them.
  static let realSet = Case(
    name: "real, harmonic order, beats matched", playlist: "set.m3u",
    options: ["--order", "harmonic", "--key-shift", "auto", "--max-key-shift", "2", "--beatmatch", "--crossfade", "8bars", "--loudness", "-14"],
    make: { fixture in
      var list = ""
      for name in ["Art", "EarthRise", "bath", "Jungle"] {
        try RealMusic.excerpt(name, from: 31.3, seconds: 47.9, to: fixture.file("\(name).flac"))
        list += "\(name).flac\n"
      }
      try fixture.write("set.m3u", Data(list.utf8))
    })

  /// Three tones stating clashing keys (the second shifted into the first's), with quiet tails
  /// the automatic cue points cut and a pause shortened, the whole mix fitted to a length.
  static let synthesizedSet = Case(
    name: "synthesized, key shift, auto-cue, max-pause, fit", playlist: "set.yaml",
    options: ["--key-shift", "auto", "--max-key-shift", "2", "--auto-cue", "--max-pause", "1.5", "--fit", "38.45", "--loudness", "-16"],
    make: { fixture in
      let rate = 44_100
      func tone(_ frequency: Double, _ seconds: Double, amplitude: Double = 0.3) -> [Float] {
        Signal.sine(frequency: frequency, sampleRate: rate, channels: 2, frames: Int(seconds * Double(rate)), amplitude: amplitude)
      }
      let tail = { (frequency: Double) in tone(frequency, 2.3, amplitude: 0.003) }
      let tracks: [(String, [Float])] = [
        ("a.wav", tone(220, 13.1) + tail(220)),
        ("b.wav", tail(247) + tone(247, 6.2) + [Float](repeating: 0, count: 2 * 3 * rate) + tone(247, 7.7) + tail(247)),
        ("c.wav", tail(262) + tone(262, 12.9)),
      ]
      for (name, samples) in tracks {
        try AudioFile.write(samples, layout: PCMLayout(sampleRate: rate, channelCount: 2), to: fixture.file(name), options: OutputOptions(bitDepth: 16))
      }
      let yaml = """
        version: 1
        defaults: { crossfade: 3 }
        entries:
          - { file: a.wav, key: 8A }
          - { file: b.wav, key: 10A }
          - { file: c.wav, key: 8B }

        """
      try fixture.write("set.yaml", Data(yaml.utf8))
    })

  @Test(.enabled(if: RealMusic.isExpected), arguments: [realSet, synthesizedSet])
  func previewsAndEmittedRequestsFollowTheRender(_ setCase: Case) throws {
    let fixture = try Fixture()
    try setCase.make(fixture)
    let options = setCase.options
    let rendered = try fixture.run(["render", setCase.playlist, "-o", "mix.flac"] + options + ["--json"])
    try #require(rendered.status == 0, "\(rendered.stderr)")
    let plan = try #require(try Self.json(rendered.stdout)["plan"] as? [String: Any])
    let tracks = try #require(plan["tracks"] as? [[String: Any]])
    let rate = try #require(plan["sampleRate"] as? Int)
    let mix = try FFmpegCLI.decodeFloat(fixture.file("mix.flac"))

    // Each transition preview is the render's samples around its join.
    let previewed = try fixture.run(
      ["preview", "transitions", setCase.playlist, "-o", "t.flac", "--separate", "--context", "\(Self.context)", "--edge-fade", "0"] + options)
    try #require(previewed.status == 0, "\(previewed.stderr)")
    let files = fixture.names().filter { $0.hasPrefix("t-transition-") }.sorted()
    #expect(files.count == tracks.count - 1, "\(files)")
    let frames = Int64(mix.count / 2)
    for (index, name) in files.enumerated() {
      let (outgoing, incoming) = (tracks[index], tracks[index + 1])
      let end = try #require(outgoing["end"] as? Int64), start = try #require(incoming["start"] as? Int64)
      let contextFrames = Int64(Self.context * Double(rate))
      let region = max(0, min(start, end) - contextFrames)..<min(frames, max(start, end) + contextFrames)
      let preview = try FFmpegCLI.decodeFloat(fixture.file(name))
      let expected = mix[Int(region.lowerBound * 2)..<Int(region.upperBound * 2)]
      #expect(preview.count == expected.count && preview.elementsEqual(expected), "\(setCase): \(name) differs from the render at \(region)")
      let names = [outgoing, incoming].compactMap { ($0["file"] as? String).map { URL(fileURLWithPath: $0).deletingPathExtension().lastPathComponent } }
      #expect(name.contains("(\(names[0]) → \(names[1]))"), "\(name) against the render's \(names)")
    }

    // The medley plays the render's tracks in its order, with its gains and key shifts.
    let medley = try fixture.run(["preview", "snippets", setCase.playlist, "-o", "medley.flac", "--length", "3", "--json"] + options)
    try #require(medley.status == 0, "\(medley.stderr)")
    let snippets = try #require((try Self.json(medley.stdout)["plan"] as? [String: Any])?["tracks"] as? [[String: Any]])
    #expect(snippets.map { $0["file"] as? String } == tracks.map { $0["file"] as? String }, "\(setCase): the medley's order")
    #expect(snippets.map(Self.gain) == tracks.map(Self.gain), "\(setCase): the medley's gains")
    #expect(snippets.map(Self.shift) == tracks.map(Self.shift), "\(setCase): the medley's key shifts")

    // The batch line renders the same bytes.
    let emitted = try fixture.run(["render", setCase.playlist, "-o", "mix.flac"] + options + ["--emit-request"])
    try #require(emitted.status == 0, "\(emitted.stderr)")
    try FileManager.default.moveItem(atPath: fixture.file("mix.flac"), toPath: fixture.file("direct.flac"))
    try fixture.manifest("emitted.jsonl", [emitted.stdout.trimmingCharacters(in: .newlines)])
    let batch = try fixture.run(["batch", "emitted.jsonl"])
    #expect(batch.status == 0, "\(batch.stderr)")
    #expect(fixture.bytes("mix.flac") == fixture.bytes("direct.flac"), "\(setCase): the batch line renders other bytes: \(emitted.stdout)")

    // The options acted: the case is not one where they change nothing.
    let joins = try #require(plan["transitions"] as? [[String: Any]])
    if setCase.options.contains("--beatmatch") {
      #expect(joins.contains { ($0["beatMatch"] as? [String: Any])?["matched"] as? Bool == true }, "no join was beat-matched")
    } else {
      #expect(tracks.contains { Self.shift($0) != 0 }, "no track was key-shifted")
      #expect(tracks.contains { (Self.firstClip($0)?["splices"] as? [Any])?.isEmpty == false }, "no pause was shortened")
    }
  }

  /// A track's first clip's gain, in dB.
  static func gain(_ track: [String: Any]) -> Double? { firstClip(track)?["gainDB"] as? Double }
  /// A track's first clip's key shift, in semitones (0 for none).
  static func shift(_ track: [String: Any]) -> Int { firstClip(track)?["pitchShift"] as? Int ?? 0 }
  static func firstClip(_ track: [String: Any]) -> [String: Any]? { (track["clips"] as? [[String: Any]])?.first }

  static func json(_ text: String) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "\(text.prefix(500))")
  }
}
