import Analysis
import Composition
import FFmpegAudio

/// Plays one clip's frames from its source, in the mix's layout, exactly `clip.duration` of them.
///
/// Opened ahead of the clip's start, it skips to the in-point then and there, so the mixer only
/// ever asks it for frames it can hand over at once.
final class ClipReader {
  let clip: Clip
  let input: InputSource
  /// True when the decoded samples are the source's own, unconverted and on the output's integer
  /// grid: where no gain, fade or duck touches them they need no dither.
  let sourceIsExact: Bool
  /// The overlays' ducks that lower this clip (none for an overlay).
  private let ducks: [Duck]
  /// Frames of the clip handed to the mixer so far.
  private(set) var position: Int64 = 0
  /// Where its samples are heard for the beat-alignment self-check.
  var watch: BeatAlignmentWatch?

  private let reader: any ClipSamples
  /// The place in the reader's last block.
  private var cursor: BlockCursor
  private let channels: Int
  /// The clip's bass swaps' crossover; nil without any.
  private let crossover: BassSwapCrossover?

  /// Opens the clip's source (its own decoder, or its place in a resampled run), ready to play
  /// from `offset` frames into the clip; a source at another rate is converted at `resampling`.
  init(
    clip: Clip, input: InputSource, info: AudioStreamInfo, layout: PCMLayout, resampling: ResamplingQuality, outputBits: Int?,
    ducks: [Duck] = [],
    run: (run: ResampledRun, member: Int)? = nil, startingAt offset: Int64 = 0
  ) throws(RenderError) {
    self.clip = clip
    self.ducks = clip.layer == .track ? ducks : []
    self.input = input
    channels = layout.channelCount
    cursor = BlockCursor(channels: layout.channelCount)
    crossover = BassSwapCrossover(clip: clip, channels: layout.channelCount, sampleRate: layout.sampleRate)
    do {
      if let run {
        reader = RunMemberSource(run: run.run, member: run.member)
      } else if let stretch = clip.playedStretch {
        reader = try ThreadedSamples(stretching: clip, stretch: stretch, input: input, layout: layout, resampling: resampling, info: info)
      } else {
        let file = try InputFileSamples(input, layout: layout, resampling: resampling, info: info)
        reader = clip.splices.isEmpty ? file : SplicedSamples(source: file, clip: clip, channels: layout.channelCount)
      }
    }
    let onGrid = outputBits.map { bits in info.bitsPerSample.map { $0 <= bits } ?? false } ?? true
    sourceIsExact = reader.copiesSamplesExactly && onGrid
    let swapStart = crossover?.start(toPlayFrom: offset) ?? offset
    position = swapStart
    // A spliced or stretched reader counts the clip's own frames, in-point included.
    try skip(clip.splices.isEmpty && clip.playedStretch == nil ? clip.inPoint + swapStart : swapStart)
    if swapStart < offset { try warmLowBand(Int(offset - swapStart)) }
  }

  /// True while a stretched clip's stretching thread is still at work.
  var isStretching: Bool { reader.isStretching }

  /// True when the next `frames` frames pass through untouched: exact source samples (no
  /// splice's crossfade) at a factor of exactly 1.
  func passesThrough(_ frames: Int) -> Bool {
    let range = position..<(position + Int64(frames))
    return sourceIsExact && constantFactor(over: range) == 1 && !clip.crossesSplice(range) && crossover?.crosses(range) != true
  }

  /// The type of the source's decoded integers in which the next `frames` frames can pass
  /// through untouched (`passesThrough`), held as they are (`holdIntegers`); nil when they are
  /// floats to mix: a converted, spliced or stretched source, or frames the beat-alignment check
  /// hears.
  func integersPassingThrough(_ frames: Int) throws(RenderError) -> DecodedIntegers? {
    let onTimeline = (clip.start + position)..<(clip.start + position + Int64(frames))
    guard passesThrough(frames), watch?.hears(onTimeline) != true else { return nil }
    return try cursor.current(fetching: reader.nextSourceBlock)?.integers
  }

  /// The next `frames` frames, which pass through as integers of `integers`
  /// (`integersPassingThrough`), held as the decoder's integers: a piece per decoded block.
  func holdIntegers(_ frames: Int, as integers: DecodedIntegers) throws(RenderError) -> [HeldIntegers] {
    var pieces: [HeldIntegers] = []
    var done = 0
    while done < frames {
      let piece = try nextFrames(upTo: frames - done)
      precondition(piece.block.integers == integers, "a source's blocks change type")
      pieces.append(piece.holdIntegers())
      position += Int64(piece.frameCount)
      done += piece.frameCount
    }
    return pieces
  }

  /// Adds (or, with `replacing`, writes) the next `frames` frames of the clip into `destination`,
  /// scaled by the clip's gain, envelope, fades and ducks.
  func render(_ frames: Int, into destination: UnsafeMutablePointer<Float>, replacing: Bool) throws(RenderError) {
    var done = 0
    while done < frames {
      let available = try nextFrames(upTo: frames - done).floats()
      let count = available.count / channels
      let target = destination + done * channels
      if let watch {
        watch.mix(frames: count, channels: channels, at: clip.start + position, into: target, replacing: replacing) { into, replacing in
          play(available.baseAddress!, frames: count, into: into, replacing: replacing)
        }
      } else {
        play(available.baseAddress!, frames: count, into: target, replacing: replacing)
      }
      position += Int64(count)
      done += count
    }
  }

  /// Adds (or writes) `count` frames of `source`, the clip's frames from `position`, into
  /// `target`, scaled by the clip's factor there.
  private func play(_ source: UnsafePointer<Float>, frames count: Int, into target: UnsafeMutablePointer<Float>, replacing: Bool) {
    let range = position..<(position + Int64(count))
    if let crossover, crossover.crosses(range) {
      crossover.mix(
        source, frames: count, from: position, into: target, replacing: replacing, factor: factor(at:),
        duck: { ducks.gain(at: clip.start + $0) })
    } else if let factor = constantFactor(over: range) {
      target.mix(source, samples: count * channels, gain: Float(factor), replacing: replacing)
    } else {
      for frame in 0..<count {
        let gain = Float(factor(at: position + Int64(frame)))
        (target + frame * channels).mix(source + frame * channels, samples: channels, gain: gain, replacing: replacing)
      }
    }
  }

  /// Runs the next `frames` frames (the start of a bass swap before where playing begins)
  /// through the swap's low-band filter, and drops them.
  private func warmLowBand(_ frames: Int) throws(RenderError) {
    var left = frames
    while left > 0 {
      let available = try nextFrames(upTo: left).floats()
      let count = available.count / channels
      crossover?.warm(available.baseAddress!, frames: count, from: position)
      position += Int64(count)
      left -= count
    }
  }

  /// The factor at `frame` frames into the clip: its volume times the ducks at that point.
  private func factor(at frame: Int64) -> Double {
    clip.volume(at: frame) * ducks.gain(at: clip.start + frame)
  }

  /// The factor over `range` (frames of the clip) when it is one number there.
  private func constantFactor(over range: Range<Int64>) -> Double? {
    guard let volume = clip.constantVolume(over: range) else { return nil }
    let onTimeline = (clip.start + range.lowerBound)..<(clip.start + range.upperBound)
    guard ducks.areConstant(over: onTimeline) else { return nil }
    return volume * ducks.gain(at: onTimeline.lowerBound)
  }

  /// Moves to `frames` frames into the source: by seeking where the reader can seek exactly,
  /// otherwise by decoding and dropping.
  private func skip(_ frames: Int64) throws(RenderError) {
    guard frames > 0 else { return }
    if try reader.seek(toFrame: frames) { return }
    var left = frames
    while left > 0 {
      left -= Int64(try nextFrames(upTo: Int(left)).frameCount)
    }
  }

  /// Up to `maxFrames` decoded frames not yet used, now counted as used; decodes more when none
  /// are left.
  private func nextFrames(upTo maxFrames: Int) throws(RenderError) -> SourcePiece {
    let frames = try cursor.take(maxFrames: maxFrames, fetching: reader.nextSourceBlock)
    guard let frames else {
      let declared = clip.splices.isEmpty ? clip.sourceEnd : clip.duration
      throw .input(input, .truncated(decoded: reader.framesDelivered, declared: declared))
    }
    return frames
  }
}

extension UnsafeMutablePointer<Float> {
  /// Adds (or, with `replacing`, writes) `samples` samples of `source` here, times `gain`.
  func mix(_ source: UnsafePointer<Float>, samples: Int, gain: Float, replacing: Bool) {
    switch (replacing, gain) {
    case (true, 1): update(from: source, count: samples)
    case (true, _): for index in 0..<samples { self[index] = source[index] * gain }
    case (false, _): for index in 0..<samples { self[index] += source[index] * gain }
    }
  }
}
