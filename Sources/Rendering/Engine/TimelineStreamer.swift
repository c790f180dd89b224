import Composition
import FFmpegAudio
import SampleBlocks

/// A message from the mixing thread to the encoding thread.
enum StreamerMessage: Sendable {
  /// Mixed samples (or a source's integers), converted to the encoder's PCM as the encoder takes them.
  case chunk(MixedPCM)
  /// The end, with what the bus's stages have to report.
  case finished(BusOutcome)
  case failed(RenderError)
}

/// Mixes a timeline's clips, block by block, into the encoder's PCM, on its own thread.
///
/// It plays the timeline's `segments` (the whole timeline, a range of it, or several ranges with
/// pauses between them, as for previews), opening only the clips that touch them and starting
/// each clip where the segment needs it.
///
/// Blocks never straddle a clip's edge or the edge of a fade, ramp or duck, so within a block the
/// same clips sound throughout and each one's gain either holds or moves. Whether a block needs
/// dither is decided per block: a block where one clip passes through at exactly unity gain is
/// copied, not mixed, and keeps its samples bit for bit (outside a crossfade's fades, a crossfaded
/// track is exact too), as its source's integers where it can (`mix`); silence between clips is
/// exact zeros. Any number of clips may sound at
/// once. Each clip's decoder is opened `openingLead` frames before the clip starts (at least as long
/// as the longest crossfade), decoders close as their clips end, and only
/// plain sample chunks cross to the encoding thread, through a bounded queue: memory follows the
/// clips that sound, not the playlist's length.
///
/// The mix passes through the bus's stages (`BusChain`) before it is quantized; each part starts
/// early enough for the stages to be primed, so it comes out as the slice of the whole render.
struct TimelineStreamer: Sendable {
  let timeline: Timeline
  let inputs: [InputSource]
  let facts: [SourceFacts]
  /// The sources of each run of tracks resampled as one signal (`Plan.resampledRuns`).
  let resampledRuns: [[Int]]
  let format: EncoderInputFormat
  /// How sources at other rates are converted to the mix's.
  let resampling: ResamplingQuality
  let cancellation: RenderCancellation
  /// The parts of the timeline to play, in order; the whole timeline for a full render.
  let segments: [Range<Int64>]
  /// Silence between segments, in frames.
  let pauseFrames: Int64
  /// Makes the bus's stages, fresh for each run.
  let makeBus: @Sendable (EncoderInputFormat) -> BusChain
  /// Hears the beat-matched transitions' clips in their overlaps, for the alignment self-check.
  var playedOverlaps: PlayedOverlaps?
  /// The largest block, in frames.
  static let blockFrames = 4096

  /// Streams the whole timeline into `queue`, ending with `.finished` or `.failed`.
  func run(into queue: BoundedQueue<StreamerMessage>) {
    defer { queue.finish() }
    do throws(RenderError) {
      var bus = makeBus(format)
      try stream(into: queue, bus: &bus)
      _ = queue.put(.finished(bus.outcome()))
    } catch {
      _ = queue.put(.failed(error))
    }
  }

  /// How far ahead of a clip's start its decoder is opened: the longest overlap of consecutive
  /// tracks, and one block.
  private var openingLead: Int64 {
    let tracks = timeline.clips.filter { $0.layer == .track }
    let longestOverlap = zip(tracks, tracks.dropFirst()).map { max(0, $0.end - $1.start) }.max() ?? 0
    return longestOverlap + Int64(Self.blockFrames)
  }

  /// Every frame where a block must end: clip edges, the edges of fades, ramps, splices, bass swaps and ducks, those
  /// the bus's stages ask for, and the range's edges.
  private func edges(of range: Range<Int64>, bus: BusChain) -> [Int64] {
    let clipEdges = timeline.clips.flatMap { clip in
      // A stretched clip's splices lie in its time before the stretch; it never passes through anyway.
      let splices: [Range<Int64>] = clip.playedStretch == nil ? clip.splices.map(\.crossfadeRange) : []
      let swaps: [Range<Int64>] = clip.lowBandSwaps.map { $0.filtered(within: clip.duration) }
      let inner = (clip.volumeRamps.map(\.range) + splices + swaps).flatMap { [clip.start + $0.lowerBound, clip.start + $0.upperBound] }
      return [clip.start, clip.end] + inner
    }
    return Set(clipEdges + timeline.ducks.flatMap(\.edges) + bus.blockEdges + [range.lowerBound, range.upperBound]).sorted()
  }

  private func stream(into queue: BoundedQueue<StreamerMessage>, bus: inout BusChain) throws(RenderError) {
    for (index, segment) in segments.enumerated() {
      if index > 0 { try emitSilence(frames: pauseFrames, into: queue) }
      try stream(segment, bus: &bus, into: queue)
    }
  }

  /// Mixes the part of the timeline in `range`, opening only the clips that touch it; the bus is
  /// primed on the frames before it that its stages need, and sees its look-ahead past its end.
  private func stream(_ range: Range<Int64>, bus: inout BusChain, into queue: BoundedQueue<StreamerMessage>) throws(RenderError) {
    let clips = timeline.clips
    var openRuns: [Int: ResampledRun] = [:]
    let mixEnd = max(range.upperBound, min(timeline.frameCount, range.upperBound + Int64(bus.lookaheadFrames)))
    let edges = edges(of: range, bus: bus) + (mixEnd > range.upperBound ? [mixEnd] : [])
    var nextEdge = 0
    var readers: [ClipReader] = []
    var nextClip = 0
    let held = LookaheadQueue(lookaheadFrames: bus.lookaheadFrames, channels: format.layout.channelCount)
    let openingLead = openingLead
    var position = max(0, range.lowerBound - bus.primingFrames)
    var stretchingAhead: [Int: ClipReader] = [:]
    var nextStretched = 0
    while position < mixEnd {
      if cancellation.isCancelled { throw .cancelled }
      while nextClip < clips.count && clips[nextClip].start <= position + openingLead && clips[nextClip].start < mixEnd {
        // Clips that end before the range begins are never opened.
        if let early = stretchingAhead.removeValue(forKey: nextClip) {
          readers.append(early)
        } else if clips[nextClip].end > position {
          var run: (run: ResampledRun, member: Int)?
          if let place = clips[nextClip].resampledRun {
            if openRuns[place.run] == nil { openRuns[place.run] = try makeRun(of: resampledRuns[place.run]) }
            run = (openRuns[place.run]!, place.member)
          }
          readers.append(try open(nextClip, run: run, from: max(0, position - clips[nextClip].start)))
        }
        nextClip += 1
      }
      try stretchAhead(&stretchingAhead, from: &nextStretched, after: nextClip, before: mixEnd)
      while nextEdge < edges.count && edges[nextEdge] <= position { nextEdge += 1 }
      let blockEnd = min(position + Int64(Self.blockFrames), edges[nextEdge])
      let frames = Int(blockEnd - position)
      let sounding = readers.filter { $0.clip.range.contains(position) }
      let exact = sounding.count == 0 || (sounding.count == 1 && sounding[0].passesThrough(frames))
      held.append(try mix(sounding, frames: frames, inside: position >= range.lowerBound, into: held), firstFrame: position, exact: exact)
      position = blockEnd
      readers.removeAll { $0.clip.end <= position }
      while let next = held.next(mixEnded: position >= mixEnd) {
        try pass(next, held: held, of: range, bus: &bus, into: queue)
      }
    }
  }

  /// Opens the next stretched clip (from `cursor` on, past `nextClip`) ahead of its time, so it is
  /// stretched on threads of its own while the mix plays the clips before it, once the clips
  /// opened early are stretched; at most `stretchedAhead` wait their turn, each holding at most
  /// `ThreadedSamples.stretchBufferBytes`.
  private func stretchAhead(
    _ early: inout [Int: ClipReader], from cursor: inout Int, after nextClip: Int, before mixEnd: Int64
  ) throws(RenderError) {
    guard early.count < Self.stretchedAhead, !early.values.contains(where: \.isStretching) else { return }
    let clips = timeline.clips
    cursor = max(cursor, nextClip)
    while cursor < clips.count, clips[cursor].playedStretch == nil { cursor += 1 }
    guard cursor < clips.count, clips[cursor].start < mixEnd else { return }
    early[cursor] = try open(cursor, run: nil, from: 0)
    cursor += 1
  }

  /// How many stretched clips may be opened ahead of their time at once.
  static let stretchedAhead = 2

  /// Mixes the next `frames` frames of the `sounding` clips into one of `held`'s blocks: a lone
  /// clip passing through untouched, inside the part being rendered (`inside`), as its source's
  /// integers when the output takes them; otherwise as floats.
  private func mix(_ sounding: [ClipReader], frames: Int, inside: Bool, into held: LookaheadQueue) throws(RenderError) -> MixSamples {
    if inside, sounding.count == 1, let integers = try sounding[0].integersPassingThrough(frames), format.takes(integers) {
      return .integers(try sounding[0].holdIntegers(frames, as: integers))
    }
    return try held.block(frames: frames) { (mix) throws(RenderError) in
      if sounding.isEmpty { mix.update(repeating: 0) }
      for (index, reader) in sounding.enumerated() {
        try reader.render(frames, into: mix.baseAddress!, replacing: index == 0)
      }
    }
  }

  /// Runs one mixed block through the bus: heard only, before `range`; processed and sent, inside
  /// it; past it (frames mixed only for the bus to see ahead), dropped. A block of a source's
  /// integers that every stage leaves untouched is sent as it is; one a stage would change is
  /// converted to floats first.
  private func pass(
    _ mixed: LookaheadQueue.MixedBlock, held: LookaheadQueue, of range: Range<Int64>, bus: inout BusChain,
    into queue: BoundedQueue<StreamerMessage>
  ) throws(RenderError) {
    guard mixed.firstFrame < range.upperBound else { return }
    let (firstFrame, channels) = (mixed.firstFrame, format.layout.channelCount)
    let floats: SampleBlock
    switch mixed.samples {
    case .floats(let block):
      floats = block
    case .integers:
      let block = IntegerBusBlock(samples: mixed.samples, firstFrame: firstFrame, part: range, channels: channels)
      if bus.passIntegers(block, upcomingIsIntegers: held.upcomingIsIntegers) {
        return try send(MixedPCM(samples: mixed.samples, firstFrame: firstFrame, dither: false, format: format), into: queue)
      }
      floats = held.floats(of: mixed.samples)
    }
    let block = { (upcoming: UnsafeBufferPointer<Float>) in
      BusBlock(samples: floats.samples, firstFrame: firstFrame, part: range, channels: channels, upcoming: upcoming)
    }
    if firstFrame < range.lowerBound { return held.withUpcoming { bus.prime(block($0)) } }
    let changed = held.withUpcoming { bus.process(block($0)) }
    // Dither is seeded by the position on the timeline, so any part renders as in the whole.
    try send(MixedPCM(samples: .floats(floats), firstFrame: firstFrame, dither: !mixed.exact || changed, format: format), into: queue)
  }

  /// Hands `chunk` to the encoding thread.
  private func send(_ chunk: MixedPCM, into queue: BoundedQueue<StreamerMessage>) throws(RenderError) {
    if !queue.put(.chunk(chunk)) { throw .cancelled }
  }

  /// Sends `frames` frames of digital silence.
  private func emitSilence(frames: Int64, into queue: BoundedQueue<StreamerMessage>) throws(RenderError) {
    let silence = SampleBlockPool()
    var left = frames
    while left > 0 {
      let count = Int(min(left, Int64(Self.blockFrames)))
      let block = silence.block(count: count * format.layout.channelCount) { $0.update(repeating: 0) }
      try send(MixedPCM(samples: .floats(block), firstFrame: 0, dither: false, format: format), into: queue)
      left -= Int64(count)
    }
  }

  /// Opens clip `index` (through its resampled run, if it is in one), ready to play from `offset`
  /// frames into the clip.
  private func open(_ index: Int, run: (run: ResampledRun, member: Int)?, from offset: Int64) throws(RenderError) -> ClipReader {
    let clip = timeline.clips[index]
    let reader = try ClipReader(
      clip: clip, input: inputs[clip.source], info: facts[clip.source].info, layout: format.layout, resampling: resampling,
      outputBits: format.integerBits, ducks: timeline.ducks, run: run, startingAt: offset)
    if let playedOverlaps { reader.watch = BeatAlignmentWatch(overlaps: playedOverlaps, clip: index) }
    return reader
  }

  /// The shared resampler of `sources`, opened.
  private func makeRun(of sources: [Int]) throws(RenderError) -> ResampledRun {
    do throws(FFmpegError) {
      return try ResampledRun(
        members: sources.map { ResampledRun.Member(input: inputs[$0], frames: facts[$0].frameCount) },
        sourceRate: facts[sources[0]].info.sampleRate, layout: format.layout, quality: resampling)
    } catch {
      throw .input(inputs[sources[0]], InputCheck.problem(for: error))
    }
  }
}
