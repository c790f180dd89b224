import Composition
import FFmpegAudio
import SampleBlocks
import Stretching

/// The work of stretching one clip, done on a thread of its own (`ThreadedSamples` takes its
/// blocks): what the clip plays of its source unstretched (from the in-point, past any splices),
/// stretched to exactly the clip's duration by its method, padded or trimmed by the last frame or
/// two a stretcher may leave over or short.
///
/// Preserve-pitch reads the source twice: Rubber Band studies the whole stretch before it
/// processes any of it.
final class StretchJob: @unchecked Sendable {
  private let source: ThreadedSamples
  /// The second reader Rubber Band's study pass reads; nil for varispeed, and once studied.
  private var study: ThreadedSamples?
  private let duration: Int64
  private let sourceFrames: Int64
  private let channels: Int
  private let stretcher: Stretcher
  private let input: InputSource
  private var sourceRead: Int64 = 0
  private var flushed = false
  /// Stretched samples made and not yet handed on: a slice of the stretcher's own output buffer,
  /// copied straight into the blocks handed on.
  private var stretched: ArraySlice<Float> = []
  /// The buffers of the blocks handed on.
  private let pool = SampleBlockPool()
  /// Two frames of silence, for a source a frame or two short.
  private let zeros: SampleBlock

  /// Frames handed on at most at once.
  static let blockFrames = 4096

  /// The two ways to stretch, behind one interface.
  private enum Stretcher {
    case varispeed(Varispeed)
    case preservePitch(ChannelSplitStretcher)
  }

  /// Opens `clip`'s source `input` in `layout` (the mix's), ready to stretch it as `stretch` says
  /// (rates converted at `resampling`); the source is decoded ahead on a thread of its own.
  init(clip: Clip, stretch: Stretch, input: InputSource, layout: PCMLayout, resampling: ResamplingQuality, info: AudioStreamInfo) throws(RenderError) {
    // Varispeed is a rate conversion itself: a source at another rate than the mix's is read at its
    // own and converted once, by the product of both ratios.
    let once = stretch.method == .varispeed && clip.pitchShift == 0 && clip.splices.isEmpty && info.sampleRate != layout.sampleRate
    let readLayout = once ? PCMLayout(sampleRate: info.sampleRate, channelCount: layout.channelCount) : layout
    let read = once ? Self.unstretched(clip, at: info.sampleRate, mixRate: layout.sampleRate) : clip.unstretched
    let open = { () throws(RenderError) -> ThreadedSamples in
      let spliced = SplicedSamples(
        source: try InputFileSamples(input, layout: readLayout, resampling: resampling, info: info), clip: read, channels: layout.channelCount)
      return ThreadedSamples(readingAhead: spliced, channels: layout.channelCount)
    }
    self.input = input
    duration = clip.duration
    sourceFrames = read.duration
    channels = layout.channelCount
    source = try open()
    let refusal = { (reason: String) in
      RenderError.input(input, .cannotStretch(frames: stretch.sourceFrames, ratio: Double(clip.duration) / Double(stretch.sourceFrames), reason: reason))
    }
    switch clip.pitchShift == 0 ? stretch.method : .preservePitch {
    case .varispeed:
      guard stretch.keyFrames.isEmpty else { throw refusal("varispeed takes no key frames") }
      do {
        stretcher = .varispeed(try Varispeed(channels: channels, inputFrames: sourceFrames, outputFrames: clip.duration, quality: resampling))
      } catch {
        throw .input(input, InputCheck.problem(for: error))
      }
      study = nil
    case .preservePitch:
      guard
        let rubberBand = ChannelSplitStretcher(
          sampleRate: layout.sampleRate, channels: channels, inputFrames: stretch.sourceFrames, outputFrames: clip.duration,
          keyFrames: stretch.keyFrames.map { ($0.source, $0.clip) }, shortWindow: stretch.usesShortWindow(clipFrames: clip.duration),
          pitchScale: clip.pitchScale)
      else { throw refusal("Rubber Band takes fewer than 2^32 frames, key frames inside the job") }
      stretcher = .preservePitch(rubberBand)
      study = try open()
    }
    zeros = pool.block(count: 2 * channels) { $0.update(repeating: 0) }
  }

  /// What `clip` plays of its source unstretched, counted in the source's own frames at
  /// `sourceRate` instead of the mix's: its in-point and end rounded to the nearest source frame.
  private static func unstretched(_ clip: Clip, at sourceRate: Int, mixRate: Int) -> Clip {
    var read = clip.unstretched
    let end = AudioFileReader.convertedLength(read.inPoint + read.duration, from: mixRate, to: sourceRate)
    read.inPoint = AudioFileReader.convertedLength(read.inPoint, from: mixRate, to: sourceRate)
    read.duration = end - read.inPoint
    return read
  }

  /// Stretches the whole clip into `queue`, block by block, then finishes it; stops early when
  /// the queue is closed.
  func run(into queue: BoundedQueue<ThreadedBlocks.Block>) {
    do throws(RenderError) {
      if let study, case .preservePitch(let rubberBand) = stretcher {
        var studied: Int64 = 0
        while let block = try next(of: study, read: &studied) {
          // The whole source is studied before the first block is put: a render that stopped
          // meanwhile (closing the queue) stops the study here.
          guard !queue.wasClosed else { return }
          rubberBand.study(block)
        }
        self.study = nil
      }
      var delivered: Int64 = 0
      while delivered < duration {
        let count = min(Int(duration - delivered), Self.blockFrames)
        let block = try pool.block(count: count * channels, filling: fill)
        delivered += Int64(count)
        guard queue.put(.samples(block)) else { return }
      }
    } catch {
      _ = queue.put(.failed(ThreadedBlocks.Failure(error: error)))
    }
    queue.finish()
  }

  /// Fills `buffer` with the next stretched samples, stretching more as it needs; a stretcher that
  /// came up a frame or two short is made up with silence.
  private func fill(_ buffer: UnsafeMutableBufferPointer<Float>) throws(RenderError) {
    var filled = 0
    while filled < buffer.count {
      if stretched.isEmpty {
        guard !flushed else {
          buffer[filled...].update(repeating: 0)
          return
        }
        // Let go of the stretcher's buffer first, or its next write would copy it.
        stretched = []
        stretched = try stretchMore()
        continue
      }
      let count = min(stretched.count, buffer.count - filled)
      stretched.withUnsafeBufferPointer { (buffer.baseAddress! + filled).update(from: $0.baseAddress!, count: count) }
      stretched = stretched.dropFirst(count)
      filled += count
    }
  }

  /// Feeds the stretcher the next block of the source (or flushes it after the last) and returns
  /// what it gives back, valid until it is fed again.
  private func stretchMore() throws(RenderError) -> ArraySlice<Float> {
    let block = try next(of: source, read: &sourceRead)
    switch stretcher {
    case .varispeed(let varispeed):
      flushed = block == nil
      do { return try varispeed.process(block) } catch { throw .input(input, InputCheck.problem(for: error)) }
    case .preservePitch(let rubberBand):
      // Rubber Band hands everything over with the input's last block.
      flushed = block == nil || sourceRead == sourceFrames
      return block.map(rubberBand.process) ?? []
    }
  }

  /// The next block of `reader`, `read` of the stretch's source frames read so far; nil after the
  /// last. A source a frame or two short (a rate conversion's rounding: a track read alone where
  /// the plan measured it in a resampled run) is made up with silence; more missing is a
  /// truncated file.
  private func next(of reader: ThreadedSamples, read: inout Int64) throws(RenderError) -> UnsafeBufferPointer<Float>? {
    if let block = try reader.nextBlock() {
      read += Int64(block.count / channels)
      return block
    }
    let missing = sourceFrames - read
    guard missing > 0 else { return nil }
    guard missing <= 2 else { throw .input(input, .truncated(decoded: read, declared: sourceFrames)) }
    read = sourceFrames
    return UnsafeBufferPointer(rebasing: zeros.samples[0..<(Int(missing) * channels)])
  }
}
