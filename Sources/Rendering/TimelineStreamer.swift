import Composition
import FFmpegAudio

/// A message from the mixing thread to the encoding thread.
enum StreamerMessage: Sendable {
  case chunk(PCMChunk)
  case finished
  case failed(RenderError)
}

/// Mixes a timeline's clips, block by block, into the encoder's PCM, on its own thread.
///
/// Blocks never straddle a clip's edge, so within a block the same clips sound throughout. A block
/// with one untouched clip is copied, not mixed, and keeps its samples bit for bit; silence
/// between clips is exact zeros. Each clip's decoder is opened `lookahead` frames before the clip
/// starts (at least as long as the longest crossfade), decoders close as their clips end, and only
/// plain sample chunks cross to the encoding thread, through a bounded queue: memory follows the
/// clips that sound, not the playlist's length.
struct TimelineStreamer: Sendable {
  let timeline: Timeline
  let inputs: [InputSource]
  let inputInfos: [AudioStreamInfo]
  let format: EncoderInputFormat
  let cancellation: RenderCancellation
  /// The largest block, in frames.
  static let blockFrames = 4096

  /// Streams the whole timeline into `queue`, ending with `.finished` or `.failed`.
  func run(into queue: BoundedQueue<StreamerMessage>) {
    do throws(RenderError) {
      try stream(into: queue)
      _ = queue.put(.finished)
    } catch {
      _ = queue.put(.failed(error))
    }
  }

  /// How far ahead of a clip's start its decoder is opened: the longest overlap, and one block.
  private var lookahead: Int64 {
    let clips = timeline.clips
    let longestOverlap = zip(clips, clips.dropFirst()).map { max(0, $0.end - $1.start) }.max() ?? 0
    return longestOverlap + Int64(Self.blockFrames)
  }

  private func stream(into queue: BoundedQueue<StreamerMessage>) throws(RenderError) {
    let converter = PCMConverter(format: format)
    let channels = format.layout.channelCount
    let mix = UnsafeMutableBufferPointer<Float>.allocate(capacity: Self.blockFrames * channels)
    defer { mix.deallocate() }
    let edges = Set(timeline.clips.flatMap { [$0.start, $0.end] }).sorted()
    var nextEdge = 0
    var readers: [ClipReader] = []
    var nextClip = 0
    var position: Int64 = 0
    let end = timeline.frameCount
    while position < end {
      if cancellation.isCancelled { throw .cancelled }
      while nextClip < timeline.clips.count && timeline.clips[nextClip].start <= position + lookahead {
        readers.append(try open(nextClip))
        nextClip += 1
      }
      while nextEdge < edges.count && edges[nextEdge] <= position { nextEdge += 1 }
      let blockEnd = min(position + Int64(Self.blockFrames), nextEdge < edges.count ? edges[nextEdge] : end)
      let frames = Int(blockEnd - position)
      let sounding = readers.filter { $0.clip.range.contains(position) }
      if sounding.isEmpty { mix.update(repeating: 0) }
      for (index, reader) in sounding.enumerated() {
        try reader.render(frames, into: mix.baseAddress!, replacing: index == 0)
      }
      let exact = sounding.count == 0 || (sounding.count == 1 && sounding[0].isExact)
      let block = UnsafeBufferPointer(rebasing: mix[0..<(frames * channels)])
      guard queue.put(.chunk(converter.convert(block, firstFrame: position, dither: !exact))) else { throw .cancelled }
      position = blockEnd
      readers.removeAll { $0.clip.end <= position }
    }
  }

  private func open(_ index: Int) throws(RenderError) -> ClipReader {
    let clip = timeline.clips[index]
    return try ClipReader(
      clip: clip, input: inputs[clip.source], info: inputInfos[clip.source], layout: format.layout,
      outputBits: format.integerBits)
  }
}
