import Analysis
import Foundation
import SampleBlocks

/// Measures the mix where it stands on the bus: the output as it is written (the PCM the encoder
/// gets), its loudness and true peak, or, first on the bus, the mix before any stage acted on it.
///
/// It changes nothing, and measures on a thread of its own, so on a machine with a core to spare
/// it costs the render next to nothing. It runs only when asked (levelling, a ceiling,
/// `--measure`; the mix before the bus under levelling), so plain renders pay nothing for it.
struct BusMeter: BusStage {
  /// Where on the bus a meter listens.
  enum Point: Sendable {
    /// The mix as the clips sum it, before the bus's stages: each track at its gain.
    case mix
    /// What the encoder gets.
    case output
  }

  let point: Point
  private let worker: BackgroundWorker<SampleBlock, ProgrammeLoudness>?
  /// The buffers of the copies handed to the meter's thread, used again as it lets them go.
  private let pool = SampleBlockPool()

  init(at point: Point, sampleRate: Int, channelCount: Int) {
    self.point = point
    worker = ProgrammeMeter(sampleRate: sampleRate, channelCount: channelCount).map { meter in
      // About 4 s of audio in blocks of up to 4096 frames.
      BackgroundWorker(
        name: "segue-meter", capacity: 48, work: { block in meter.add(UnsafeBufferPointer(block.samples)) }, conclude: { meter.finish() })
    }
  }

  mutating func process(_ block: BusBlock) -> Bool {
    worker?.add(pool.block(copying: UnsafeBufferPointer(block.samples)))
    return false
  }

  func leavesUntouched(_ block: IntegerBusBlock, upcomingIsIntegers: Bool) -> Bool { true }

  /// Measures the block's samples as floats, converted into the copy its thread gets.
  mutating func hear(_ block: IntegerBusBlock) {
    let (samples, frames, channels) = (block.samples, block.frameCount, block.channels)
    worker?.add(pool.block(count: frames * channels) { samples.copyFloats(frames: frames, channels: channels, to: $0.baseAddress!) })
  }

  var notes: [String] { [] }

  /// What was measured, once every block has been; call once, after the last block.
  func finishMeasuring() -> (point: Point, loudness: ProgrammeLoudness)? {
    guard let worker else { return nil }
    return (point, worker.finish())
  }
}
