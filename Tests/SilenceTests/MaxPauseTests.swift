import AudioTestSupport
import Composition
import FFmpegAudio
import Foundation
import Playlists
import Rendering
import Testing

/// `--max-pause` on speech-like audio: every pause longer than the limit becomes exactly that long,
/// cut in its middle, and nothing audible is lost.
@Suite("Pauses shortened")
struct MaxPauseTests {
  static let maxPause = 0.5
  static let pauseFrames = 22_050
  /// Pauses of 0.2 to 6 s, at lengths no clock would pick.
  static let speech = SpeechLike(lead: 1.3713, pauses: [0.2117, 0.7391, 1.4453, 6.0129, 0.4419, 2.2063, 0.3307, 3.1177], trail: 2.0911, seed: 41)

  @Test func everyLongPauseBecomesExactlyTheLimitAndNoSpeechIsLost() throws {
    let folder = TemporaryFolder("segue-max-pause")
    let input = folder.file("talk.wav")
    let layout = PCMLayout(sampleRate: SpeechLike.sampleRate, channelCount: SpeechLike.channels)
    try AudioFile.write(Self.speech.samples, layout: layout, to: input, options: OutputOptions(bitDepth: 16))
    let output = folder.file("short.flac")
    let report = try Renderer.render(
      RenderRequest(
        inputs: [InputSource(path: input)], outputPath: output, output: OutputOptions(bitDepth: 16),
        mix: MixOptions(silence: SilenceSettings(maxPause: .set(Self.maxPause))), verify: true))
    let out = try AudioFile.read(path: output).samples
    let source = Self.speech.samples

    // Time saved: exactly what the output lacks.
    let saved = report.edits.compactMap { $0?.savedFrames }.reduce(0, +)
    #expect(saved == Int64(Self.speech.frameCount - out.count / 2))

    // Pauses between sounds (10 ms windows whose RMS reaches -35 dBFS): the long ones the limit, the
    // rest as they were, to within two windows (the output's windows fall elsewhere than the input's).
    let before = SpeechLike.pauses(source, thresholdDB: -35, longerThan: 4410)
    let after = SpeechLike.pauses(out, thresholdDB: -35, longerThan: 4410)
    try #require(after.count == before.count, "the output has \(after.count) pauses, the input \(before.count)")
    for (old, new) in zip(before, after) {
      #expect(abs(new.count - min(old.count, Self.pauseFrames)) <= 882, "a pause of \(old.count) frames became \(new.count)")
    }
    let edit = try #require(report.edits.compactMap { $0 }.first)

    // Each burst, onset to tail, is in the output sample for sample where the pauses put it.
    let loudIn = SpeechLike.loudFrames(source, thresholdDB: -35)
    var shift = Int(edit.inPoint)
    #expect(loudIn[0] - shift == Self.pauseFrames / 2, "the output starts \(loudIn[0] - shift) frames before its first sound")
    for (index, burst) in Self.speech.bursts.enumerated() {
      let lost = (burst.lowerBound..<burst.upperBound).filter { source[$0 * 2] != out[($0 - shift) * 2] || source[$0 * 2 + 1] != out[($0 - shift) * 2 + 1] }
      #expect(lost.isEmpty, "burst \(index + 1): \(lost.count) samples differ from the input")
      if index < before.count { shift += max(0, before[index].count - Self.pauseFrames) }
    }

    // Inside each shortened pause only a crossfade of a few ms is not input, and it does not click.
    // (Where each pause lies in the output follows from the input's: each cut takes out exactly
    // what the pause has over the limit.)
    var offset = Int(edit.inPoint)
    for old in before {
      defer { offset += max(0, old.count - Self.pauseFrames) }
      let new = (old.lowerBound - offset)..<(old.lowerBound - offset + min(old.count, Self.pauseFrames))
      let left = (0..<new.count).first { !Self.sameFrame(out, new.lowerBound + $0, source, old.lowerBound + $0) } ?? new.count
      let right = (1...new.count).first { !Self.sameFrame(out, new.upperBound - $0, source, old.upperBound - $0) }.map { $0 - 1 } ?? new.count
      guard old.count > Self.pauseFrames else {
        #expect(left == new.count, "an untouched pause differs from the input \(left) frames in")
        continue
      }
      let crossfade = (new.lowerBound + left)..<(new.upperBound - right)
      #expect(crossfade.count > 0 && crossfade.count <= 441, "the crossfade in a cut pause is \(crossfade.count) frames")
      let jump = Self.largestJump(out, crossfade)
      let around = max(
        Self.largestJump(source, (old.lowerBound + left - 441)..<(old.lowerBound + left)),
        Self.largestJump(source, (old.upperBound - right)..<(old.upperBound - right + 441)))
      #expect(jump <= 2 * around, "a cut's crossfade jumps by \(jump), the input around it by \(around)")
    }
  }

  static func sameFrame(_ a: [Float], _ i: Int, _ b: [Float], _ j: Int) -> Bool { a[i * 2] == b[j * 2] && a[i * 2 + 1] == b[j * 2 + 1] }

  /// The largest sample-to-sample step of either channel within `frames`.
  static func largestJump(_ samples: [Float], _ frames: Range<Int>) -> Float {
    frames.dropFirst().map { frame in
      max(abs(samples[frame * 2] - samples[frame * 2 - 2]), abs(samples[frame * 2 + 1] - samples[frame * 2 - 1]))
    }.max() ?? 0
  }
}
