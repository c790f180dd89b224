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
  /// Where its samples are heard for the beat-alignment self-check, and its index there.
  var watch: (overlaps: PlayedOverlaps, clip: Int)?
  /// The clip's part of the mix while `watch` hears it.
  private var heardScratch: [Float] = []

  private let reader: any ClipSamples
  /// The place in the reader's last block.
  private var cursor: BlockCursor
  private let channels: Int
  /// The crossover of the bass swap being played, started fresh where each swap's filter starts.
  private var crossover: LowBandFilter?
  /// One frame's low and high bands.
  private let bands: UnsafeMutablePointer<Float>
  private let sampleRate: Int

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
    sampleRate = layout.sampleRate
    do {
      if let run {
        reader = RunMemberSource(run: run.run, member: run.member)
      } else if let stretch = clip.playedStretch {
        reader = try ThreadedSamples(
          stretching: clip, stretch: stretch, path: input.path, layout: layout, resampling: resampling, tolerance: input.tolerance, info: info)
      } else {
        let file = try AudioFileReader(path: input.path, output: layout, resampling: resampling, tolerance: input.tolerance, known: info)
        reader = clip.splices.isEmpty ? file : SplicedSamples(source: file, clip: clip, channels: layout.channelCount)
      }
    } catch {
      throw .input(input, InputCheck.problem(for: error))
    }
    bands = .allocate(capacity: 2 * layout.channelCount)
    let onGrid = outputBits.map { bits in info.bitsPerSample.map { $0 <= bits } ?? false } ?? true
    sourceIsExact = reader.copiesSamplesExactly && onGrid
    // Entered inside a bass swap, its filter hears the swap from where it starts.
    let swapStart = clip.lowBandSwap(at: offset).map { min(offset, $0.filtered(within: clip.duration).lowerBound) } ?? offset
    position = swapStart
    // A spliced or stretched reader counts the clip's own frames, in-point included.
    try skip(clip.splices.isEmpty && clip.playedStretch == nil ? clip.inPoint + swapStart : swapStart)
    if swapStart < offset { try warmLowBand(Int(offset - swapStart)) }
  }

  deinit { bands.deallocate() }

  /// True while a stretched clip's stretching thread is still at work.
  var isStretching: Bool { reader.isStretching }

  /// True when the next `frames` frames pass through untouched: exact source samples (no
  /// splice's crossfade) at a factor of exactly 1.
  func passesThrough(_ frames: Int) -> Bool {
    let range = position..<(position + Int64(frames))
    return sourceIsExact && constantFactor(over: range) == 1 && !clip.crossesSplice(range) && !crossesLowBandSwap(range)
  }

  /// True when `range` (clip frames) overlaps a bass swap.
  private func crossesLowBandSwap(_ range: Range<Int64>) -> Bool {
    clip.lowBandSwaps.contains { $0.filtered(within: clip.duration).overlaps(range) }
  }

  /// Adds (or, with `replacing`, writes) the next `frames` frames of the clip into `destination`,
  /// scaled by the clip's gain, envelope, fades and ducks.
  func render(_ frames: Int, into destination: UnsafeMutablePointer<Float>, replacing: Bool) throws(RenderError) {
    var done = 0
    while done < frames {
      let available = try nextFrames(upTo: frames - done)
      let count = available.count / channels
      let target = destination + done * channels
      if let watch, let heard = watchedPart(of: count, by: watch) {
        playHeard(available.baseAddress!, frames: count, into: target, replacing: replacing, part: heard, by: watch)
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
    if crossesLowBandSwap(range) {
      for frame in 0..<count {
        mixSwapping(source + frame * channels, into: target + frame * channels, at: position + Int64(frame), replacing: replacing)
      }
    } else if let factor = constantFactor(over: range) {
      mix(source, into: target, samples: count * channels, gain: Float(factor), replacing: replacing)
    } else {
      for frame in 0..<count {
        let gain = Float(factor(at: position + Int64(frame)))
        mix(source + frame * channels, into: target + frame * channels, samples: channels, gain: gain, replacing: replacing)
      }
    }
  }

  /// The timeline frames of the next `count` frames that `watch` listens to; nil when none.
  private func watchedPart(of count: Int, by watch: (overlaps: PlayedOverlaps, clip: Int)) -> Range<Int64>? {
    guard let window = watch.overlaps.window(ofClip: watch.clip) else { return nil }
    let part = ((clip.start + position)..<(clip.start + position + Int64(count))).clamped(to: window)
    return part.isEmpty ? nil : part
  }

  /// Plays `count` frames as `play` does, through `heardScratch`, and lets `watch` hear the
  /// timeline frames `part` of them as they are mixed: with the clip's fades, ducks and bass swap,
  /// before they are summed with the other clips.
  private func playHeard(
    _ source: UnsafePointer<Float>, frames count: Int, into target: UnsafeMutablePointer<Float>, replacing: Bool, part: Range<Int64>,
    by watch: (overlaps: PlayedOverlaps, clip: Int)
  ) {
    if heardScratch.count < count * channels { heardScratch = [Float](repeating: 0, count: count * channels) }
    heardScratch.withUnsafeMutableBufferPointer { scratch in
      play(source, frames: count, into: scratch.baseAddress!, replacing: true)
      let first = Int(part.lowerBound - clip.start - position) * channels
      let heard = UnsafeBufferPointer(rebasing: scratch[first..<(first + part.count * channels)])
      watch.overlaps.hear(clip: watch.clip, heard, channels: channels, startingAt: part.lowerBound)
      mix(scratch.baseAddress!, into: target, samples: count * channels, gain: 1, replacing: replacing)
    }
  }

  /// Mixes one frame at clip frame `frame`: inside a bass swap's span its low band at the swap's
  /// factor and its high band at the clip's; at the span's edges the clip crossfading with the
  /// two bands; elsewhere all of it at the clip's factor.
  private func mixSwapping(_ source: UnsafePointer<Float>, into target: UnsafeMutablePointer<Float>, at frame: Int64, replacing: Bool) {
    let factor = self.factor(at: frame)
    guard let swap = clip.lowBandSwap(at: frame) else {
      mix(source, into: target, samples: channels, gain: Float(factor), replacing: replacing)
      return
    }
    if frame == swap.filtered(within: clip.duration).lowerBound || crossover == nil {
      crossover = LowBandFilter(sampleRate: sampleRate, channels: channels, frequency: LowBandSwap.crossover)
    }
    crossover!.split(source, low: bands, high: bands + channels)
    let share = Float(swap.splitShare(at: frame))
    let lowFactor = swap.span.contains(frame) ? Float(clip.lowBandVolume(at: frame, in: swap) * ducks.gain(at: clip.start + frame)) : Float(factor)
    for channel in 0..<channels {
      let split = lowFactor * bands[channel] + Float(factor) * bands[channels + channel]
      let value = share * split + (1 - share) * Float(factor) * source[channel]
      if replacing { target[channel] = value } else { target[channel] += value }
    }
  }

  /// Runs the next `frames` frames (the start of a bass swap before where playing begins)
  /// through the swap's low-band filter, and drops them.
  private func warmLowBand(_ frames: Int) throws(RenderError) {
    var scratch = [Float](repeating: 0, count: channels)
    var left = frames
    while left > 0 {
      let available = try nextFrames(upTo: left)
      let count = available.count / channels
      scratch.withUnsafeMutableBufferPointer { scratch in
        for frame in 0..<count {
          mixSwapping(available.baseAddress! + frame * channels, into: scratch.baseAddress!, at: position + Int64(frame), replacing: true)
        }
      }
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

  private func mix(_ source: UnsafePointer<Float>, into target: UnsafeMutablePointer<Float>, samples: Int, gain: Float, replacing: Bool) {
    switch (replacing, gain) {
    case (true, 1): target.update(from: source, count: samples)
    case (true, _): for index in 0..<samples { target[index] = source[index] * gain }
    case (false, _): for index in 0..<samples { target[index] += source[index] * gain }
    }
  }

  /// Moves to `frames` frames into the source: by seeking where the reader can seek exactly,
  /// otherwise by decoding and dropping.
  private func skip(_ frames: Int64) throws(RenderError) {
    guard frames > 0 else { return }
    do {
      if try reader.seek(toFrame: frames) { return }
    } catch {
      throw .input(input, InputCheck.problem(for: error))
    }
    var left = frames
    while left > 0 {
      left -= Int64(try nextFrames(upTo: Int(left)).count / channels)
    }
  }

  /// Up to `maxFrames` decoded frames not yet used, now counted as used; decodes more when none
  /// are left.
  private func nextFrames(upTo maxFrames: Int) throws(RenderError) -> UnsafeBufferPointer<Float> {
    let frames = try cursor.take(maxFrames: maxFrames) { () throws(RenderError) -> UnsafeBufferPointer<Float>? in
      do { return try reader.nextBlock() } catch { throw .input(input, InputCheck.problem(for: error)) }
    }
    guard let frames else {
      let declared = clip.splices.isEmpty ? clip.sourceEnd : clip.duration
      throw .input(input, .truncated(decoded: reader.framesDelivered, declared: declared))
    }
    return frames
  }
}

/// Where a clip's samples come from, in the mix's layout, one block at a time.
protocol ClipSamples: AnyObject {
  /// The next block of interleaved samples, valid until the next call; nil at the end.
  func nextBlock() throws -> UnsafeBufferPointer<Float>?
  /// Moves so the next block starts `frame` frames in; false (having done nothing) where that
  /// cannot be done exactly.
  func seek(toFrame frame: Int64) throws -> Bool
  /// Frames handed out so far, counting those a seek skipped.
  var framesDelivered: Int64 { get }
  /// True when every sample is a decoded sample unchanged.
  var copiesSamplesExactly: Bool { get }
  /// True while a thread of its own is still stretching the samples.
  var isStretching: Bool { get }
}

extension ClipSamples {
  /// Most sources stretch nothing.
  var isStretching: Bool { false }
}

extension AudioFileReader: ClipSamples {}

/// One track's part of a resampled run: the run's frames from where the track starts to where
/// it ends.
final class RunMemberSource: ClipSamples {
  private let run: ResampledRun
  private let start: Int64
  private let length: Int64
  private(set) var framesDelivered: Int64 = 0
  var copiesSamplesExactly: Bool { false }

  init(run: ResampledRun, member: Int) {
    self.run = run
    start = run.start(ofMember: member)
    length = (member + 1 < run.members.count ? run.start(ofMember: member + 1) : run.frameCount) - start
  }

  func nextBlock() throws -> UnsafeBufferPointer<Float>? {
    guard framesDelivered < length else { return nil }
    let block = try run.read(at: start + framesDelivered, maxFrames: Int(min(4096, length - framesDelivered)))
    framesDelivered += Int64(block.count / run.layout.channelCount)
    return block.isEmpty ? nil : block
  }

  func seek(toFrame frame: Int64) -> Bool {
    framesDelivered = frame
    return true
  }
}
