import Analysis
import AudioTestSupport
import Foundation
import Testing

/// The audible spans finder against the definition, sample by sample, whatever the block sizes.
@Suite("Audible spans")
struct AudibleSpansTests {
  /// The spans by the definition: in each 10 ms window (counted from the first frame) whose RMS over
  /// all channels reaches the threshold, the frames where any channel does; grouped while the quiet
  /// runs between them are shorter than `gap`.
  static func reference(_ samples: [Float], channels: Int, sampleRate: Int, thresholdDB: Double, gap: Int64) -> [Range<Int64>] {
    let threshold = Float(pow(10, thresholdDB / 20)), meanSquare = pow(10, thresholdDB / 10)
    let frames = samples.count / channels, window = sampleRate / 100
    var spans: [Range<Int64>] = []
    for start in stride(from: 0, to: frames, by: window) {
      let range = start..<min(frames, start + window)
      let energy = samples[(range.lowerBound * channels)..<(range.upperBound * channels)].reduce(0.0) { $0 + Double($1 * $1) }
      guard energy / Double(range.count * channels) >= meanSquare else { continue }
      for frame in range where (0..<channels).contains(where: { abs(samples[frame * channels + $0]) >= threshold }) {
        let position = Int64(frame)
        if let last = spans.last, position - last.upperBound < gap {
          spans[spans.count - 1] = last.lowerBound..<(position + 1)
        } else {
          spans.append(position..<(position + 1))
        }
      }
    }
    return spans
  }

  /// Bursts of noise at random levels and lengths, with quiet runs around the minimum gap.
  static func bursts(channels: Int, seed: UInt64) -> [Float] {
    var random = SeededRandom(seed: seed)
    var samples: [Float] = []
    for _ in 0..<60 {
      let level = pow(10, (-70 + 60 * (random.nextSigned() + 1) / 2) / 20)
      let frames = Int(50 + 900 * (random.nextSigned() + 1))
      samples += (0..<(frames * channels)).map { _ in Float(level * random.nextSigned()) }
    }
    return samples
  }

  @Test(arguments: [1, 2, 3])
  func findsTheSpansTheDefinitionGives(channels: Int) {
    let samples = Self.bursts(channels: channels, seed: UInt64(channels))
    let finder = AudibleSpansFinder(sampleRate: 8_000, channelCount: channels, thresholdsDB: [-45, -30])
    var random = SeededRandom(seed: 9)
    var offset = 0
    while offset < samples.count / channels {
      let frames = min(samples.count / channels - offset, Int(1 + 300 * (random.nextSigned() + 1)))
      samples.withUnsafeBufferPointer { finder.add(UnsafeBufferPointer(rebasing: $0[(offset * channels)..<((offset + frames) * channels)])) }
      offset += frames
    }
    for found in finder.finish() {
      let expected = Self.reference(samples, channels: channels, sampleRate: 8_000, thresholdDB: found.thresholdDB, gap: found.minimumGap)
      #expect(found.spans.map(\.range) == expected, "at \(found.thresholdDB) dBFS")
      #expect(found.spans.count > 5)
    }
  }

  @Test func partsFollowedByPartsAreTheWhole() {
    let samples = Self.bursts(channels: 2, seed: 4)
    let frames = samples.count / 2
    func spans(_ range: Range<Int>) -> AudibleSpans {
      let finder = AudibleSpansFinder(sampleRate: 8_000, channelCount: 2, thresholdsDB: [-40], startingAt: Int64(range.lowerBound))
      samples.withUnsafeBufferPointer { finder.add(UnsafeBufferPointer(rebasing: $0[(range.lowerBound * 2)..<(range.upperBound * 2)])) }
      return finder.finish()[0]
    }
    let whole = spans(0..<frames)
    // A part starts on the edge of a 10 ms window (80 frames here), as AudibleScan cuts a file.
    for seam in [frames / 3 / 80 * 80, (frames / 2 + 17) / 80 * 80, (frames - 5) / 80 * 80] {
      #expect(spans(0..<seam).followed(by: spans(seam..<frames)) == whole, "cut at \(seam)")
    }
  }
}
