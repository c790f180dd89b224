import Composition
import FFmpegAudio
import Foundation

/// A stretched clip's frames, in its own time, made by a `StretchJob` on a thread of its own:
/// stretching costs more than the rest of a render's work on the clip, so on several cores it
/// runs beside decoding, mixing and encoding instead of before them.
///
/// Entering a stretched clip anywhere but its start means stretching from the start (`seek`
/// says it cannot). Its queue holds the whole clip, up to `bufferBytes`, so a clip opened ahead
/// of time (`TimelineStreamer`) is stretched while the mix plays what comes before it.
final class StretchedSamples: ClipSamples {
  private let blocks: ThreadedBlocks
  private(set) var framesDelivered: Int64 = 0
  private let channels: Int
  var copiesSamplesExactly: Bool { false }

  /// Opens `clip`'s source (errors opening it are thrown here) and starts stretching it.
  init(
    clip: Clip, stretch: Stretch, path: String, layout: PCMLayout, resampling: ResamplingQuality, tolerance: DecodeTolerance,
    info: AudioStreamInfo
  ) throws {
    let job = try StretchJob(
      clip: clip, stretch: stretch, path: path, layout: layout, resampling: resampling, tolerance: tolerance, info: info)
    channels = layout.channelCount
    let blockBytes = StretchJob.blockFrames * layout.channelCount * MemoryLayout<Float>.size
    let capacity = max(16, min(Int(clip.duration) / StretchJob.blockFrames + 1, Self.bufferBytes / blockBytes))
    blocks = ThreadedBlocks(capacity: capacity, name: "segue-stretch") { job.run(into: $0) }
  }

  func nextBlock() throws -> UnsafeBufferPointer<Float>? {
    guard let block = try blocks.next() else { return nil }
    framesDelivered += Int64(block.count / channels)
    return block
  }

  func seek(toFrame frame: Int64) -> Bool { false }

  /// The most a stretched clip's samples buffer ahead of playing: 8 MiB, 24 s of stereo at
  /// 44.1 kHz. A stretch runs ahead of the mix as far as this lets it (varispeed always does: it
  /// is faster than encoding): with 32 MiB, a stretch of 20 minutes peaked at 118 MiB of memory,
  /// with 8 MiB at 85 MiB, where a plain render of the file peaks at 65 MiB.
  static let bufferBytes = 8 << 20

  /// True while the stretching thread still has frames to make (or waits for room to put them).
  var isStretching: Bool { !blocks.queue.hasFinished }
}
