import Composition
import FFmpegAudio
import Foundation
import SampleBlocks

/// A clip's samples made on a thread of its own and taken here, in order: a source read ahead
/// (`readingAhead`), or a clip stretched (`stretching`).
///
/// Both hand out the blocks of a `ThreadedBlocks` and count their frames the same way; they differ
/// only in the work done on the thread. It reads forward only: `seek` says it cannot.
final class ThreadedSamples: ClipSamples {
  private let blocks: ThreadedBlocks
  private let channels: Int
  private(set) var framesDelivered: Int64 = 0
  let copiesSamplesExactly: Bool
  /// True when the thread stretches, so `isStretching` is true until it has made every block.
  private let stretches: Bool

  private init(blocks: ThreadedBlocks, channels: Int, copiesSamplesExactly: Bool, stretches: Bool) {
    self.blocks = blocks
    self.channels = channels
    self.copiesSamplesExactly = copiesSamplesExactly
    self.stretches = stretches
  }

  /// Starts reading `source` (`channels` interleaved channels) on a thread of its own, up to
  /// `capacity` blocks ahead, so that decoding runs beside the work that consumes the samples (a
  /// stretcher, which costs more than the decoding) instead of taking turns with it.
  convenience init(readingAhead source: any ClipSamples, channels: Int, capacity: Int = 32) {
    let reader = UncheckedReader(source: source)
    let pool = SampleBlockPool()
    let blocks = ThreadedBlocks(capacity: capacity, name: "segue-read-ahead") { queue in
      do throws(RenderError) {
        while let block = try reader.source.nextBlock() {
          guard queue.put(.samples(pool.block(copying: block))) else { return }
        }
      } catch {
        _ = queue.put(.failed(ThreadedBlocks.Failure(error: error)))
      }
      queue.finish()
    }
    self.init(blocks: blocks, channels: channels, copiesSamplesExactly: source.copiesSamplesExactly, stretches: false)
  }

  /// Opens `clip`'s source `input` (errors opening it are thrown here) and starts stretching it with a
  /// `StretchJob` on a thread of its own: the clip's frames, in its own time. Stretching costs
  /// more than the rest of a render's work on the clip, so on several cores it runs beside
  /// decoding, mixing and encoding instead of before them.
  ///
  /// Entering a stretched clip anywhere but its start means stretching from the start. Its queue
  /// holds the whole clip, up to `stretchBufferBytes`, so a clip opened ahead of time
  /// (`TimelineStreamer`) is stretched while the mix plays what comes before it.
  convenience init(
    stretching clip: Clip, stretch: Stretch, input: InputSource, layout: PCMLayout, resampling: ResamplingQuality, info: AudioStreamInfo
  ) throws(RenderError) {
    let job = try StretchJob(clip: clip, stretch: stretch, input: input, layout: layout, resampling: resampling, info: info)
    let blockBytes = StretchJob.blockFrames * layout.channelCount * MemoryLayout<Float>.size
    let capacity = max(16, min(Int(clip.duration) / StretchJob.blockFrames + 1, Self.stretchBufferBytes / blockBytes))
    let blocks = ThreadedBlocks(capacity: capacity, name: "segue-stretch") { job.run(into: $0) }
    self.init(blocks: blocks, channels: layout.channelCount, copiesSamplesExactly: false, stretches: true)
  }

  /// The most a stretched clip's samples buffer ahead of playing: 8 MiB, 24 s of stereo at
  /// 44.1 kHz. A stretch runs ahead of the mix as far as this lets it (varispeed always does: it
  /// is faster than encoding): with 32 MiB, a stretch of 20 minutes peaked at 118 MiB of memory,
  /// with 8 MiB at 85 MiB, where a plain render of the file peaks at 65 MiB.
  static let stretchBufferBytes = 8 << 20

  func nextBlock() throws(RenderError) -> UnsafeBufferPointer<Float>? {
    guard let block = try blocks.next() else { return nil }
    framesDelivered += Int64(block.count / channels)
    return block
  }

  func seek(toFrame frame: Int64) -> Bool { false }

  /// True while a stretching thread still has frames to make (or waits for room to put them).
  var isStretching: Bool { stretches && !blocks.queue.hasFinished }

  /// The source, handed to the reading thread, which alone touches it from then on.
  private struct UncheckedReader: @unchecked Sendable {
    let source: any ClipSamples
  }
}
