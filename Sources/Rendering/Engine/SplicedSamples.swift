import Composition
import SampleBlocks

/// A spliced clip's frames, in its own time, read in one forward pass over its source: source
/// frames as they are, and at each splice the outgoing side's last frames crossfaded (equal
/// power) into the incoming side's first; exactly the clip's duration of them.
///
/// The frames a splice skips are decoded and dropped, never sought past: the gaps are pauses of
/// seconds, and one reader going forward is exact in every format. Only where a range of the mix
/// starts is the source sought, where it can be entered exactly.
final class SplicedSamples: ClipSamples {
  private let source: any ClipSamples
  private let clip: Clip
  let channels: Int
  /// Frames of the clip handed out so far (counting those a seek passed over).
  private(set) var framesDelivered: Int64 = 0
  /// False until the source is at the clip's in-point (or a seek put it elsewhere).
  private var started = false
  /// Frames of the next crossfade a seek into it passed over.
  private var discard: Int64 = 0
  /// The next splice to play.
  private var nextSplice = 0
  /// The source frame the next frame taken from `source` is.
  private var sourcePosition: Int64 = 0
  /// The place in the source's last block.
  private var cursor: BlockCursor
  private var outgoing: [Float] = []
  /// The crossfaded frames handed out, valid until the next call.
  private let mixed: SampleBuffer
  var copiesSamplesExactly: Bool { source.copiesSamplesExactly }

  /// Plays `clip` (its in-point and splices) from `source`, which starts at source frame 0.
  init(source: any ClipSamples, clip: Clip, channels: Int) {
    self.source = source
    self.clip = clip
    self.channels = channels
    cursor = BlockCursor(channels: channels)
    mixed = SampleBuffer(channelCount: channels, frameCapacity: 0)
  }

  func nextBlock() throws(RenderError) -> UnsafeBufferPointer<Float>? {
    if !started {
      started = true
      if clip.inPoint > 0, try source.seek(toFrame: clip.inPoint) { sourcePosition = clip.inPoint } else { try drop(upTo: clip.inPoint) }
    }
    guard framesDelivered < clip.duration else { return nil }
    if nextSplice < clip.splices.count, framesDelivered == clip.splices[nextSplice].clipFrame {
      guard let mixed = try crossfade(clip.splices[nextSplice]) else { return nil }
      defer { discard = 0 }
      return UnsafeBufferPointer(rebasing: mixed[(Int(discard) * channels)...])
    }
    let untilSplice = (nextSplice < clip.splices.count ? clip.splices[nextSplice].clipFrame : clip.duration) - framesDelivered
    guard let taken = try take(maxFrames: Int(min(untilSplice, 1 << 20))) else { return nil }
    framesDelivered += Int64(taken.count / channels)
    return taken
  }

  /// Moves to clip frame `frame` where the source can be entered exactly: at the frame itself in
  /// a stretch of plain source, or at the start of the crossfade it falls in (the crossfade's
  /// frames before it are then mixed and dropped).
  func seek(toFrame frame: Int64) throws(RenderError) -> Bool {
    let begun = clip.splices.prefix { $0.clipFrame <= frame }
    let crossfading = begun.last.map { frame < $0.clipFrame + $0.length } ?? false
    let entry = crossfading ? begun.last!.clipFrame : frame
    let passed = crossfading ? begun.count - 1 : begun.count
    let sourceFrame = passed == 0 ? clip.inPoint + entry : clip.splices[passed - 1].sourceFrame + entry - clip.splices[passed - 1].clipFrame
    guard try source.seek(toFrame: sourceFrame) else { return false }
    (started, framesDelivered, nextSplice, sourcePosition, discard) = (true, entry, passed, sourceFrame, frame - entry)
    cursor = BlockCursor(channels: channels)
    return true
  }

  /// Mixes the outgoing side's next `splice.length` frames into the incoming side's first; nil
  /// when the source ends first.
  private func crossfade(_ splice: Splice) throws(RenderError) -> UnsafeBufferPointer<Float>? {
    let frames = Int(splice.length)
    mixed.reserve(frames: frames)
    outgoing.removeAll(keepingCapacity: true)
    guard try append(frames * channels, to: &outgoing) else { return nil }
    try drop(upTo: splice.sourceFrame)
    var done = 0
    while done < frames {
      guard let incoming = try take(maxFrames: frames - done) else { return nil }
      for offset in 0..<(incoming.count / channels) {
        let frame = done + offset
        let progress = (Double(frame) + 0.5) / Double(frames)
        let out = Float(FadeCurve.equalPower.fadeOutGain(progress))
        let into = Float(FadeCurve.equalPower.fadeInGain(progress))
        for channel in 0..<channels {
          let sample = frame * channels + channel
          mixed.storage[sample] = outgoing[sample] * out + incoming[offset * channels + channel] * into
        }
      }
      done += incoming.count / channels
    }
    nextSplice += 1
    framesDelivered += splice.length
    return mixed.frames(0..<frames)
  }

  /// Appends the next `samples` samples of the source to `buffer`; false when it ends first.
  private func append(_ samples: Int, to buffer: inout [Float]) throws(RenderError) -> Bool {
    while buffer.count < samples {
      guard let taken = try take(maxFrames: (samples - buffer.count) / channels) else { return false }
      buffer.append(contentsOf: taken)
    }
    return true
  }

  /// Drops source frames until the next one taken is `frame`.
  private func drop(upTo frame: Int64) throws(RenderError) {
    while sourcePosition < frame {
      guard try take(maxFrames: Int(min(frame - sourcePosition, 1 << 20))) != nil else { return }
    }
  }

  /// Up to `maxFrames` frames of the source, decoding a block when none are left; nil at its end.
  private func take(maxFrames: Int) throws(RenderError) -> UnsafeBufferPointer<Float>? {
    guard let taken = try cursor.take(maxFrames: maxFrames, fetching: source.nextSourceBlock)?.floats() else { return nil }
    sourcePosition += Int64(taken.count / channels)
    return taken
  }
}
