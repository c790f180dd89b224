import Analysis
import Foundation
import SampleBlocks

/// Measures the output as it is written (the PCM the encoder gets): its loudness and true peak.
///
/// It changes nothing, and measures on a thread of its own, so on a machine with a core to spare
/// it costs the render next to nothing. It runs only when asked (levelling, a ceiling,
/// `--measure`), so plain renders pay nothing for it.
struct OutputMeter: BusStage {
  private let worker: BackgroundWorker<SampleBlock, ProgrammeLoudness>?
  /// The buffers of the copies handed to the meter's thread, used again as it lets them go.
  private let pool = SampleBlockPool()

  init(sampleRate: Int, channelCount: Int) {
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

  var notes: [String] { [] }

  /// What was measured, once every block has been; call once, after the last block.
  func finishMeasuring() -> ProgrammeLoudness? { worker?.finish() }
}
