import FFmpegAudio
import SampleBlocks

/// Tracks joined gaplessly that share a sample rate other than the mix's, decoded one after
/// another and resampled as one signal, so their seams carry no fractional-sample jump and no
/// zero-filled sample.
///
/// The run's length is `round(total source frames × out ÷ in)`, and the track starting at source
/// frame `s` of the run starts at `round(s × out ÷ in)`. The run is resampled in segments
/// (`RunSegments`), each by a resampler of its own that enters the signal a pre-roll (the
/// filter's measured reach) before the segment starts, in a render from the run's start as in
/// one that starts anywhere else: so any part equals the same slice of the whole, bit for bit.
/// (The SoX resampler filters in blocks through FFTs, whose rounding depends on where its blocks
/// fall: one resampler entering mid-way would now and then differ from one that ran from the
/// run's start in a sample's last bit.)
final class ResampledRun {
  /// One track of the run: its file and its length in source frames.
  struct Member {
    var input: InputSource
    var frames: Int64
  }

  let members: [Member]
  let sourceRate: Int
  let layout: PCMLayout
  let quality: ResamplingQuality
  /// The run's length in output frames.
  let frameCount: Int64
  private let segments: RunSegments

  /// Decoded source frames, from source frame `windowStart` on: what the current segment's
  /// resampler has still to read, and the next segment's pre-roll.
  private let window: SampleQueue
  private var windowStart: Int64 = 0
  private var reader: AudioFileReader?
  private var nextMember = 0
  /// Frames of the current member read into the window (or skipped on entering it).
  private var memberRead: Int64 = 0
  private var sourceEnded = false

  /// The segment being resampled, its resampler, the next source frame it reads and the output
  /// frame its next output sample is.
  private var segment: Int64 = 0
  private var resampler: Resampler?
  private var fed: Int64 = 0
  private var produced: Int64 = 0

  /// Resampled frames ready, the first of them output frame `position` (nil until started).
  private let pending: SampleQueue
  private var position: Int64?

  /// Frames read from the window and fed to the resampler at once.
  private static let feedFrames = 4096

  init(members: [Member], sourceRate: Int, layout: PCMLayout, quality: ResamplingQuality) throws(FFmpegError) {
    self.members = members
    self.sourceRate = sourceRate
    self.layout = layout
    self.quality = quality
    frameCount = AudioFileReader.convertedLength(members.reduce(0) { $0 + $1.frames }, from: sourceRate, to: layout.sampleRate)
    let reach = try Resampler.reach(from: sourceRate, to: layout.sampleRate, quality: quality)
    segments = RunSegments(sourceRate: sourceRate, outputRate: layout.sampleRate, reach: reach)
    window = SampleQueue(channelCount: layout.channelCount)
    pending = SampleQueue(channelCount: layout.channelCount)
  }

  /// Where member `index` starts, in output frames from the run's start.
  func start(ofMember index: Int) -> Int64 {
    AudioFileReader.convertedLength(members[..<index].reduce(0) { $0 + $1.frames }, from: sourceRate, to: layout.sampleRate)
  }

  /// Up to `maxFrames` frames from output frame `frame` on, valid until the next call.
  func read(at frame: Int64, maxFrames: Int) throws(RenderError) -> UnsafeBufferPointer<Float> {
    if position == nil || frame < position! || frame > position! + Int64(pending.frameCount) + Int64(layout.sampleRate) {
      try enter(at: frame)
    }
    while position! + Int64(pending.frameCount) <= frame && position! + Int64(pending.frameCount) < frameCount { try pull() }
    pending.drop(frames: Int(frame - position!))
    position = frame
    return pending.front(frames: min(maxFrames, pending.frameCount))
  }

  /// Starts decoding at the entry of the segment that holds output frame `frame`.
  private func enter(at frame: Int64) throws(RenderError) {
    let index = segments.segment(containing: frame)
    let entry = segments.entry(of: index)
    var offset = entry
    nextMember = 0
    while offset >= members[nextMember].frames && nextMember + 1 < members.count {
      offset -= members[nextMember].frames
      nextMember += 1
    }
    window.removeAll()
    windowStart = entry
    sourceEnded = false
    try openNextMember(skipping: offset)
    pending.removeAll()
    position = segments.outputStart(of: index)
    try begin(segment: index)
  }

  /// Gives segment `index` a resampler of its own, reading from the segment's entry.
  private func begin(segment index: Int64) throws(RenderError) {
    segment = index
    fed = segments.entry(of: index)
    produced = segments.outputFrame(atSource: fed)
    do throws(FFmpegError) {
      resampler = try Resampler(channels: layout.channelCount, from: sourceRate, to: layout.sampleRate, quality: quality)
    } catch {
      throw .input(members[max(0, nextMember - 1)].input, InputCheck.problem(for: error))
    }
  }

  /// Opens the next member, `skipping` source frames into it: by an exact seek where the file
  /// allows one, otherwise by decoding and keeping only what lies past them.
  private func openNextMember(skipping frames: Int64) throws(RenderError) {
    let member = members[nextMember]
    nextMember += 1
    memberRead = frames
    let channels = layout.channelCount
    do throws(AudioFileError) {
      let opened = try AudioFileReader(
        path: member.input.path, output: PCMLayout(sampleRate: sourceRate, channelCount: channels), tolerance: member.input.tolerance)
      reader = opened
      if frames == 0 { return }
      if try opened.seek(toFrame: frames) { return }
      var left = frames
      while left > 0 {
        guard let block = try opened.nextBlock() else {
          throw .truncated(path: member.input.path, decoded: frames - left, declared: member.frames)
        }
        let count = Int64(block.count / channels)
        if count > left {
          let kept = min(count - left, member.frames - memberRead)
          window.append(UnsafeBufferPointer(rebasing: block[(Int(left) * channels)..<(Int(left + kept) * channels)]))
          memberRead += kept
        }
        left -= min(count, left)
      }
    } catch {
      throw .input(member.input, InputCheck.problem(for: error))
    }
  }

  /// Resamples the next piece of the current segment into `pending` (decoding more of the source
  /// as it needs), moving to the next segment at the end of this one; at the run's end, makes
  /// the length exact.
  private func pull() throws(RenderError) {
    let available = windowStart + Int64(window.frameCount) - fed
    if available == 0 && !sourceEnded { return try decodeMore() }
    let converted: ArraySlice<Float>
    do throws(FFmpegError) {
      if available > 0 {
        let count = Int(min(available, Int64(Self.feedFrames)))
        let samples = window.front(frames: Int(fed - windowStart) + count)
        converted = try resampler!.convert(UnsafeBufferPointer(rebasing: samples[(Int(fed - windowStart) * layout.channelCount)...]))
        fed += Int64(count)
      } else {
        converted = try resampler!.convert(nil)
      }
    } catch {
      throw .input(members[nextMember - 1].input, InputCheck.problem(for: error))
    }
    keep(converted)
    let segmentEnd = segments.outputStart(of: segment + 1)
    if available == 0 || produced >= segmentEnd {
      let ended = available == 0
      if ended && segmentEnd >= frameCount {
        pending.resize(frames: Int(frameCount - position!))
        return
      }
      try begin(segment: segment + 1)
    }
    dropUnneededSource()
  }

  /// Appends what the resampler gave that lies inside the current segment (and the run).
  private func keep(_ converted: ArraySlice<Float>) {
    let channels = layout.channelCount
    let count = Int64(converted.count / channels)
    let lower = max(produced, position! + Int64(pending.frameCount))
    let upper = min(segments.outputStart(of: segment + 1), frameCount, produced + count)
    if lower < upper {
      let first = converted.startIndex + Int(lower - produced) * channels
      pending.append(converted[first..<(first + Int(upper - lower) * channels)])
    }
    produced += count
  }

  /// Drops the window's frames that neither this segment nor the next's pre-roll reads again.
  private func dropUnneededSource() {
    let needed = min(fed, segments.entry(of: segment + 1))
    guard needed > windowStart else { return }
    let dropped = min(needed - windowStart, Int64(window.frameCount))
    window.drop(frames: Int(dropped))
    windowStart += dropped
  }

  /// Decodes the next block of the source into the window, moving to the next member at a
  /// member's end: each member is exactly as long as its facts say (a file that ends short is
  /// truncated), so the tracks start where the plan put them.
  private func decodeMore() throws(RenderError) {
    let member = members[nextMember - 1]
    do throws(AudioFileError) {
      if let block = try reader?.nextBlock() {
        let count = min(Int64(block.count / layout.channelCount), member.frames - memberRead)
        window.append(UnsafeBufferPointer(rebasing: block[..<(Int(count) * layout.channelCount)]))
        memberRead += count
        if memberRead == member.frames { reader = nil }
        return
      }
    } catch {
      throw .input(member.input, InputCheck.problem(for: error))
    }
    guard memberRead == member.frames else { throw .input(member.input, .truncated(decoded: memberRead, declared: member.frames)) }
    if nextMember < members.count { return try openNextMember(skipping: 0) }
    reader = nil
    sourceEnded = true
  }
}
