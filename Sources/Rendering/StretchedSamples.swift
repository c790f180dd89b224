import Composition
import FFmpegAudio
import Stretching

/// A stretched clip's frames, in its own time: what it plays of its source unstretched (from the
/// in-point, past any splices), stretched to exactly the clip's duration by its method, padded or trimmed by the last frame or two a
/// stretcher may leave over or short.
///
/// Preserve-pitch reads the source twice: Rubber Band studies the whole stretch before it
/// processes any of it. Entering a stretched clip anywhere but its start means stretching from
/// the start (`seek` says it cannot).
final class StretchedSamples: ClipSamples {
  private let source: SplicedSamples
  private let clip: Clip
  private let sourceFrames: Int64
  private let channels: Int
  private let stretcher: Stretcher
  private var sourceRead: Int64 = 0
  private var flushed = false
  /// Stretched samples not yet handed out, from `offset` on.
  private var stretched: [Float] = []
  private var offset = 0
  private let handedOut: UnsafeMutableBufferPointer<Float>
  private(set) var framesDelivered: Int64 = 0
  var copiesSamplesExactly: Bool { false }

  /// Frames handed out at most at once.
  private static let blockFrames = 4096

  /// The two ways to stretch, behind one interface.
  private enum Stretcher {
    case varispeed(Varispeed)
    case preservePitch(PitchKeepingStretcher)
  }

  /// Opens `clip`'s source at `path` in `layout` (the mix's), ready to stretch it as `stretch` says.
  init(clip: Clip, stretch: Stretch, path: String, layout: PCMLayout, tolerance: DecodeTolerance, info: AudioStreamInfo) throws {
    self.clip = clip
    sourceFrames = stretch.sourceFrames
    channels = layout.channelCount
    let open = { () throws -> SplicedSamples in
      let played = clip.unstretched
      let reader = SplicedSamples(
        source: try AudioFileReader(path: path, output: layout, tolerance: tolerance, known: info), clip: played, channels: layout.channelCount)
      _ = try reader.seek(toFrame: 0)
      return reader
    }
    source = try open()
    handedOut = .allocate(capacity: Self.blockFrames * channels)
    switch stretch.method {
    case .varispeed:
      stretcher = .varispeed(try Varispeed(channels: channels, inputFrames: stretch.sourceFrames, outputFrames: clip.duration))
    case .preservePitch:
      guard
        let rubberBand = PitchKeepingStretcher(
          sampleRate: layout.sampleRate, channels: channels, inputFrames: stretch.sourceFrames, outputFrames: clip.duration)
      else { throw StretchError(ratio: Double(clip.duration) / Double(stretch.sourceFrames)) }
      let study = try open()
      while let block = try study.nextBlock() { rubberBand.study(block) }
      stretcher = .preservePitch(rubberBand)
    }
  }

  deinit { handedOut.deallocate() }

  func nextBlock() throws -> UnsafeBufferPointer<Float>? {
    while stretched.count - offset < Self.blockFrames * channels && !flushed { try stretchMore() }
    let remaining = Int(clip.duration - framesDelivered)
    guard remaining > 0 else { return nil }
    let ready = (stretched.count - offset) / channels
    // A stretcher that came up a frame or two short is padded with silence.
    let count = min(remaining, Self.blockFrames, ready > 0 ? ready : remaining)
    for index in 0..<(count * channels) { handedOut[index] = offset + index < stretched.count ? stretched[offset + index] : 0 }
    offset = min(stretched.count, offset + count * channels)
    if offset * 2 > stretched.count {
      stretched.removeFirst(offset)
      offset = 0
    }
    framesDelivered += Int64(count)
    return UnsafeBufferPointer(rebasing: handedOut[0..<(count * channels)])
  }

  func seek(toFrame frame: Int64) -> Bool { false }

  /// Feeds the stretcher the next block of the source (or flushes it after the last) and keeps
  /// what it gives back.
  private func stretchMore() throws {
    let block = try source.nextBlock()
    sourceRead += Int64((block?.count ?? 0) / channels)
    switch stretcher {
    case .varispeed(let varispeed):
      stretched += try varispeed.process(block)
      flushed = block == nil
    case .preservePitch(let rubberBand):
      if let block { stretched += rubberBand.process(block) }
      // Rubber Band hands everything over with the input's last block.
      flushed = block == nil || sourceRead == sourceFrames
    }
  }
}

/// A length ratio Rubber Band refuses.
struct StretchError: Error, CustomStringConvertible {
  var ratio: Double
  var description: String { "Rubber Band refuses a length ratio of \(ratio)" }
}
