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
  /// Two frames of silence, for a source a frame or two short.
  private let zeros: UnsafeMutableBufferPointer<Float>
  private let path: String
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
    self.path = path
    sourceFrames = stretch.sourceFrames
    channels = layout.channelCount
    let open = { () throws -> SplicedSamples in
      let played = clip.unstretched
      return SplicedSamples(
        source: try AudioFileReader(path: path, output: layout, tolerance: tolerance, known: info), clip: played, channels: layout.channelCount)
    }
    source = try open()
    handedOut = .allocate(capacity: Self.blockFrames * channels)
    zeros = .allocate(capacity: 2 * channels)
    zeros.initialize(repeating: 0)
    switch stretch.method {
    case .varispeed:
      stretcher = .varispeed(try Varispeed(channels: channels, inputFrames: stretch.sourceFrames, outputFrames: clip.duration))
    case .preservePitch:
      guard
        let rubberBand = PitchKeepingStretcher(
          sampleRate: layout.sampleRate, channels: channels, inputFrames: stretch.sourceFrames, outputFrames: clip.duration)
      else { throw StretchError(frames: stretch.sourceFrames, ratio: Double(clip.duration) / Double(stretch.sourceFrames)) }
      let study = try open()
      var studied: Int64 = 0
      while let block = try Self.next(of: study, read: &studied, of: stretch.sourceFrames, path: path, zeros: zeros) { rubberBand.study(block) }
      stretcher = .preservePitch(rubberBand)
    }
  }

  deinit {
    handedOut.deallocate()
    zeros.deallocate()
  }

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

  /// The next block of `source`, `read` frames of `total` read so far; nil after the last. A
  /// source a frame or two short (a rate conversion's rounding: a track read alone where the plan
  /// measured it in a resampled run) is made up with silence; more missing is a truncated file.
  private static func next(
    of source: SplicedSamples, read: inout Int64, of total: Int64, path: String, zeros: UnsafeMutableBufferPointer<Float>
  ) throws -> UnsafeBufferPointer<Float>? {
    let channels = source.channels
    if let block = try source.nextBlock() {
      read += Int64(block.count / channels)
      return block
    }
    let missing = total - read
    guard missing > 0 else { return nil }
    guard missing <= 2 else { throw AudioFileError.truncated(path: path, decoded: read, declared: total) }
    read = total
    return UnsafeBufferPointer(rebasing: zeros[0..<(Int(missing) * channels)])
  }
  /// Feeds the stretcher the next block of the source (or flushes it after the last) and keeps
  /// what it gives back.
  private func stretchMore() throws {
    let block = try Self.next(of: source, read: &sourceRead, of: sourceFrames, path: path, zeros: zeros)
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

/// A stretch Rubber Band refuses: more frames than it counts (2^32), or a ratio it will not take.
struct StretchError: Error, CustomStringConvertible {
  var frames: Int64
  var ratio: Double
  var description: String { "Rubber Band cannot stretch \(frames) frames by a length ratio of \(ratio) (it takes fewer than 2^32 frames)" }
}
