import AudioTestSupport
import FFmpegAudio
import Foundation
import Playlists
import Rendering
import Testing

/// Silence is decided on the RMS of 10 ms windows, not on single samples: room tone under the
/// threshold is silence however high its noise peaks reach, and a sound is kept from the first
/// window whose RMS passes the threshold to the last.
@Suite struct RoomToneTests {
  static let rate = 44_100
  let folder = TemporaryFolder("segue-room")

  /// Gaussian-like noise (four uniform values summed) at `rmsDB` dBFS RMS: its peaks reach about
  /// 11 dB higher.
  static func roomTone(frames: Int, rmsDB: Double, random: inout SeededRandom) -> [Double] {
    let scale = pow(10, rmsDB / 20) * (3.0).squareRoot()
    return (0..<frames).map { _ in scale * (0..<4).reduce(0.0) { sum, _ in sum + random.nextSigned() } / 2 }
  }

  /// `lead` seconds of room tone, a 441.3 Hz tone at -20 dBFS for `voice` seconds (10 ms ramps,
  /// over the room tone), then `trail` seconds of room tone; mono, written as 24-bit WAV.
  func episode(_ name: String, lead: Double, voice: Double, trail: Double, roomDB: Double, seed: UInt64, loudLead: Double = 0) throws -> String {
    var random = SeededRandom(seed: seed)
    let (leadFrames, voiceFrames, trailFrames) = (Int(lead * Double(Self.rate)), Int(voice * Double(Self.rate)), Int(trail * Double(Self.rate)))
    var samples = Self.roomTone(frames: leadFrames + voiceFrames + trailFrames, rmsDB: roomDB, random: &random)
    let ramp = Self.rate / 100
    for frame in 0..<voiceFrames {
      let fade = min(1, Double(min(frame, voiceFrames - 1 - frame)) / Double(ramp))
      samples[leadFrames + frame] += 0.1 * fade * sin(2 * Double.pi * 441.3 * Double(frame) / Double(Self.rate))
    }
    let path = folder.file(name)
    try AudioFile.write(samples.map(Float.init), layout: PCMLayout(sampleRate: Self.rate, channelCount: 1), to: path, options: OutputOptions(bitDepth: 24))
    return path
  }

  func trimmed(_ path: String) throws -> RenderReport {
    try Renderer.render(
      RenderRequest(
        inputs: [InputSource(path: path)], outputPath: folder.file("out.wav"), output: OutputOptions(bitDepth: 24),
        mix: MixOptions(silence: SilenceSettings(trim: true)), overwrite: true, cache: nil))
  }

  /// Room tone at -66 dBFS RMS peaks past -60 dBFS: it is trimmed all the same, to within 20 ms
  /// of the voice (less the 50 ms margin).
  @Test func roomToneUnderTheThresholdIsTrimmed() throws {
    let report = try trimmed(try episode("room.wav", lead: 1.0137, voice: 2.3011, trail: 0.8123, roomDB: -66, seed: 1))
    let edit = try #require(report.edits.compactMap { $0 }.first)
    let rate = Double(Self.rate)
    #expect(abs(Double(edit.inPoint) / rate - (1.0137 - 0.05)) <= 0.02, "cut in at \(Double(edit.inPoint) / rate) s")
    #expect(abs(Double(edit.outPoint) / rate - (1.0137 + 2.3011 + 0.05)) <= 0.02, "cut out at \(Double(edit.outPoint) / rate) s")
  }

  /// Quieter room tone (-70 dBFS RMS): analyze finds each file's 1 s lead-in, whatever its noise's peaks.
  @Test func analyzeFindsTheLeadInUnderRoomTone() throws {
    let paths = try (1...3).map { try episode("lead\($0).wav", lead: 1.0, voice: 1.5, trail: 0.5, roomDB: -70, seed: UInt64($0 + 10)) }
    let report = try AnalysisReport.measure(paths, tempo: false, cache: nil)
    for track in report.tracks {
      #expect(abs(track.leadingSilenceSeconds - 1.0) <= 0.02, "track \(track.number): \(track.leadingSilenceSeconds) s")
      #expect(abs(track.trailingSilenceSeconds - 0.5) <= 0.02, "track \(track.number): \(track.trailingSilenceSeconds) s")
    }
  }

  /// 10 s of loud noise, then a floor at -70 dBFS RMS: the end is trimmed where the noise stops.
  @Test func aFloorAfterLoudNoiseIsTrimmedWhereTheNoiseStops() throws {
    var random = SeededRandom(seed: 7)
    let loud = Self.roomTone(frames: 441_017, rmsDB: -20, random: &random)
    let floor = Self.roomTone(frames: 70_001, rmsDB: -70, random: &random)
    let path = folder.file("floor.wav")
    try AudioFile.write((loud + floor).map(Float.init), layout: PCMLayout(sampleRate: Self.rate, channelCount: 1), to: path, options: OutputOptions(bitDepth: 24))
    let edit = try #require(try trimmed(path).edits.compactMap { $0 }.first)
    #expect(abs(Double(edit.outPoint - 441_017) / Double(Self.rate) - 0.05) <= 0.02, "cut out \(Double(edit.outPoint - 441_017) / Double(Self.rate)) s after the noise")
  }

  /// Room tone over the threshold everywhere: nothing is trimmed, and the note says how loud the
  /// quieter edge is.
  @Test func nothingToTrimSaysWhatTheEdgesMeasure() throws {
    let report = try trimmed(try episode("loud.wav", lead: 0.5, voice: 1.0, trail: 0.5, roomDB: -50, seed: 3))
    let reasons = try #require(report.edits.compactMap { $0 }.first).reasons
    let note = try #require(reasons.first { $0.hasPrefix("not trimmed: its first 10 ms measure ") }, "\(reasons)")
    let level = try #require(Double(note.dropFirst("not trimmed: its first 10 ms measure ".count).prefix { $0 != " " }))
    #expect(abs(level + 50) < 0.5 && note.contains("the threshold is -60 dBFS RMS"), "\(note)")
  }

  /// Digital silence at a file's edges measures as the floor, not minus infinity, so its spans are
  /// kept in the facts cache like any other: a second render decodes nothing for them.
  @Test func spansOfAFileWithSilentEdgesAreCached() throws {
    let path = folder.file("zeros.wav")
    try FFmpegCLI.make([
      "-f", "lavfi", "-i", "anullsrc=r=44100:cl=mono:d=0.4537", "-f", "lavfi", "-i", "sine=f=440:r=44100:d=1.1213",
      "-filter_complex", "[0][1]concat=n=2:v=0:a=1", path,
    ])
    let cache = FactsCache(folder: folder.file("cache"))
    let render = { () throws -> RenderReport in
      try Renderer.render(
        RenderRequest(
          inputs: [InputSource(path: path)], outputPath: self.folder.file("out.wav"), mix: MixOptions(silence: SilenceSettings(trim: true)),
          overwrite: true, cache: cache))
    }
    let first = try render()
    #expect(!first.allNotes.contains { $0.hasPrefix("cache:") }, "\(first.allNotes)")
    let decoded = FactsDecodes.count(for: path)
    _ = try render()
    #expect(FactsDecodes.count(for: path) == decoded, "the second render measured the file again")
  }
}
