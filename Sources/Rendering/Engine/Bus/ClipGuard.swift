import Analysis
import FFmpegAudio
import Foundation

/// Counts the mix's samples beyond full scale, so a gain that clips is never silent.
///
/// It changes nothing: integer output clips such samples at the quantizer, float output keeps
/// them (and most players clip them). What it counted is reported with the loudest sample and the
/// first place it happened, as a note in the summary.
struct ClipGuard: BusStage {
  let sampleRate: Int
  /// What happens to the samples, for the note: "clipped in the 16-bit output".
  let consequence: String
  private(set) var count = 0
  private(set) var peak: Float = 0
  private(set) var firstFrame: Int64?

  init(format: EncoderInputFormat) {
    sampleRate = format.layout.sampleRate
    consequence =
      switch format.sampleType {
      case .float32: "kept in the floating-point output, but most players will clip them"
      case .int16: "clipped in the 16-bit output"
      case .int32(let bits): "clipped in the \(bits)-bit output"
      }
  }

  mutating func process(_ block: BusBlock) -> Bool {
    guard largestMagnitude(UnsafeBufferPointer(block.samples)) > 1 else { return false }
    for index in block.samples.indices where abs(block.samples[index]) > 1 {
      count += 1
      peak = max(peak, abs(block.samples[index]))
      if firstFrame == nil { firstFrame = block.firstFrame + Int64(index / block.channels) }
    }
    return false
  }

  /// A source's integers never pass full scale.
  func leavesUntouched(_ block: IntegerBusBlock, upcomingIsIntegers: Bool) -> Bool { true }

  var notes: [String] {
    guard count > 0, let firstFrame else { return [] }
    let peakDB = (200 * log10(Double(peak))).rounded() / 10
    return [
      "\(count) sample\(count == 1 ? " is" : "s are") over full scale (peak +\(peakDB) dBFS, first at "
        + "\(TimeFormat.clock(frames: firstFrame, sampleRate: sampleRate))): \(consequence); lower the gain"
    ]
  }
}
