import AudioTestSupport
import FFmpegAudio
import Foundation
import Rendering
import Testing

/// A tune of even eighth notes, every note as loud as the next (an air in 2/4 as a score plays it),
/// is never reported sure at its eighths' rate, twice its beat (issue 46: two of Aird's Airs in 2/4
/// at 89 and 90, played from music21's scores by FluidSynth, were read sure at 178 and 180). Its
/// off-beats are as hard as its beats, as drum and bass's snares are between its kicks, but they
/// sound alike: nothing in the sound tells its beat from its eighths, so the tempo is in doubt, says
/// why, and a tempo range settles it. Heard at 44.1 and 48 kHz, and through MP3.
@Suite struct SteadyEighthsTests {
  /// A melody at `bpm` of eighth notes from G major's scale, each a plucked tone (four harmonics
  /// decaying over the note) of the same level, with the timing a player's hand gives (2 ms).
  static func tune(bpm: Double, seconds: Double, sampleRate: Int, seed: UInt64) -> [Float] {
    let rate = Double(sampleRate)
    let eighth = 30 / bpm
    let scale = [0, 2, 4, 5, 7, 9, 11, 12, 14, 16]
    var random = SeededRandom(seed: seed)
    var samples = [Double](repeating: 0, count: Int(seconds * rate))
    var degree = 4
    for note in 0..<Int(seconds / eighth) - 1 {
      degree = min(max(degree + Int(random.nextSigned() * 2.5), 0), scale.count - 1)
      let frequency = 392 * pow(2, Double(scale[degree]) / 12)
      let start = Int((Double(note) * eighth + 0.002 * random.nextSigned()) * rate)
      for frame in 0..<Int(eighth * rate) where start + frame >= 0 && start + frame < samples.count {
        let t = Double(frame) / rate
        let envelope = min(1, t / 0.004) * exp(-t * 7)
        var tone = 0.0
        for harmonic in 1...4 { tone += sin(2 * Double.pi * frequency * Double(harmonic) * t) / Double(harmonic * harmonic) }
        samples[start + frame] += 0.3 * envelope * tone
      }
    }
    return samples.map { Float($0) }
  }

  @Test func evenEighthsAreNeverSureAtTwiceTheirBeat() throws {
    let folder = TemporaryFolder("segue-steady-eighths")
    var files: [(name: String, path: String, bpm: Double)] = []
    for (index, (bpm, rate)) in [(89.0, 44_100), (90.7, 48_000), (93.3, 44_100)].enumerated() {
      let name = "eighths-\(bpm)-\(rate)"
      let flac = folder.file("\(name).flac")
      let mono = Self.tune(bpm: bpm, seconds: 51.7 + 2.3 * Double(index), sampleRate: rate, seed: 701 + UInt64(index))
      try AudioFile.write(mono.flatMap { [$0, $0] }, layout: PCMLayout(sampleRate: rate, channelCount: 2), to: flac, options: OutputOptions(bitDepth: 24))
      let mp3 = folder.file("\(name).mp3")
      try FFmpegCLI.make(["-i", flac, "-b:a", "128k", mp3])
      files += [(name, flac, bpm), (name + " mp3", mp3, bpm)]
    }
    let report = try AnalysisReport.measure(files.map(\.path), cache: nil)
    for (file, track) in zip(files, report.tracks) {
      let tempo = try #require(track.tempo, "\(file.name): no tempo")
      let found = try #require(tempo.beatsPerMinute, "\(file.name): no grid")
      let right = abs(found - file.bpm) <= 0.02 * file.bpm
      #expect(!tempo.sure || right, "\(file.name): sure of \(found) BPM (confidence \(tempo.confidence)), the tune's beat is \(file.bpm)")
      let octave = abs(found - 2 * file.bpm) <= 0.04 * file.bpm
      #expect(right || (octave && tempo.doubt != nil), "\(file.name): \(found) BPM, in doubt: \(tempo.doubt ?? "no")")
      print("steady eighths: \(file.name) -> \(found) BPM, confidence \(tempo.confidence)\(tempo.sure ? " sure" : ""), doubt: \(tempo.doubt ?? "none")")
    }
    let table = report.table()
    for (file, track) in zip(files, report.tracks) where track.tempo?.doubt != nil {
      #expect(table.contains("? \(track.file): its tempo is in doubt: "), "\(file.name): the table does not say why its tempo is unsure")
    }
    // A tempo range settles the octave the rhythm cannot: counted in it, the beat is sure.
    let ranged = try AnalysisReport.measure(files.map(\.path), tempoRange: 70...120, cache: nil)
    for (file, track) in zip(files, ranged.tracks) {
      let tempo = try #require(track.tempo)
      #expect(tempo.sure && tempo.doubt == nil && abs((tempo.beatsPerMinute ?? 0) - file.bpm) <= 0.02 * file.bpm, "\(file.name) in 70-120: \(tempo.beatsPerMinute ?? 0) BPM, sure \(tempo.sure)")
    }
  }

  @Test func aTempoInDoubtIsNotBeatMatchedAndThePlanSaysWhy() throws {
    let folder = TemporaryFolder("segue-steady-eighths-plan")
    let flac = folder.file("eighths.flac")
    let mono = Self.tune(bpm: 89, seconds: 41.9, sampleRate: 44_100, seed: 733)
    try AudioFile.write(mono.flatMap { [$0, $0] }, layout: PCMLayout(sampleRate: 44_100, channelCount: 2), to: flac, options: OutputOptions(bitDepth: 16))
    var mix = MixOptions()
    mix.crossfadeBeats = 16
    mix.beatMatching.enabled = true
    let plan = try Renderer.plan(RenderRequest(inputs: [flac, flac].map { InputSource(path: $0) }, outputPath: folder.file("mix.wav"), mix: mix))
    let notes = plan.plan.notes
    #expect(notes.contains { $0.contains("beats not matched: the outgoing track's tempo is in doubt (its off-beats are hit as hard as its beats and sound alike") }, "\(notes)")
    #expect(notes.contains { $0.contains("a crossfade of 4 bars asks for") && $0.contains("(its tempo is in doubt: its off-beats") }, "\(notes)")
  }
}
