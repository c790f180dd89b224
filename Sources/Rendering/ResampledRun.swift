import FFmpegAudio

/// Tracks joined gaplessly that share a sample rate other than the mix's, decoded one after
/// another and resampled as one signal, so their seams carry no fractional-sample jump and no
/// zero-filled sample.
///
/// The run's length is `round(total source frames × out ÷ in)`, and the track starting at source
/// frame `s` of the run starts at `round(s × out ÷ in)`. It can start anywhere: it enters the
/// signal a little earlier, at a source frame where the resampler's phase is what it would be in
/// a render from the run's start, and drops what comes before; so any part equals the same slice
/// of the whole.
final class ResampledRun {
  /// One track of the run: its file and its length in source frames.
  struct Member {
    var input: InputSource
    var frames: Int64
  }

  let members: [Member]
  let sourceRate: Int
  let layout: PCMLayout
  /// The run's length in output frames.
  let frameCount: Int64

  /// Source frames decoded before a start position, to fill the resampler's filter.
  private static let preRoll: Int64 = 8192
  private let pending: SampleQueue
  /// The output frame of the first pending frame; nil until the run is started.
  private var position: Int64?
  private var resampler: FloatResampler?
  private var reader: AudioFileReader?
  private var nextMember = 0
  private var finished = false

  init(members: [Member], sourceRate: Int, layout: PCMLayout) {
    self.members = members
    self.sourceRate = sourceRate
    self.layout = layout
    frameCount = AudioFileReader.convertedLength(members.reduce(0) { $0 + $1.frames }, from: sourceRate, to: layout.sampleRate)
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
    pending.drop(frames: Int(frame - position!))
    position = frame
    while pending.frameCount == 0 && !finished { try pull() }
    return pending.front(frames: min(maxFrames, pending.frameCount))
  }

  /// Restarts the decoding so that output frame `frame` comes out next.
  private func enter(at frame: Int64) throws(RenderError) {
    let (inRate, outRate) = (Int64(sourceRate), Int64(layout.sampleRate))
    let common = gcd(inRate, outRate)
    let (sourceStep, outputStep) = (inRate / common, outRate / common)
    // The latest source frame on the resampler's phase grid that leaves room for the pre-roll.
    let target = frame * inRate / outRate
    let entry = max(0, target - Self.preRoll) / sourceStep * sourceStep
    var offset = entry
    nextMember = 0
    while offset >= members[nextMember].frames && nextMember + 1 < members.count {
      offset -= members[nextMember].frames
      nextMember += 1
    }
    do {
      resampler = try FloatResampler(channels: layout.channelCount, from: sourceRate, to: layout.sampleRate)
    } catch {
      throw .input(members[nextMember].input, InputCheck.problem(for: error))
    }
    try openNextMember(skipping: offset)
    pending.removeAll()
    position = entry / sourceStep * outputStep
    finished = false
    while position! + Int64(pending.frameCount) <= frame && !finished { try pull() }
  }

  /// Opens the next member, `skipping` source frames into it: by an exact seek where the file
  /// allows one, otherwise by decoding and passing on only what lies past them.
  private func openNextMember(skipping frames: Int64) throws(RenderError) {
    let member = members[nextMember]
    nextMember += 1
    let channels = layout.channelCount
    do {
      let opened = try AudioFileReader(
        path: member.input.path, output: PCMLayout(sampleRate: sourceRate, channelCount: channels), tolerance: member.input.tolerance)
      reader = opened
      if frames == 0 { return }
      if try opened.seek(toFrame: frames) { return }
      var left = frames
      while left > 0 {
        guard let block = try opened.nextBlock() else {
          throw AudioFileError.truncated(path: member.input.path, decoded: frames - left, declared: member.frames)
        }
        let count = Int64(block.count / channels)
        if count > left { pending.append(try resampler!.convert(UnsafeBufferPointer(rebasing: block[(Int(left) * channels)...]))) }
        left -= min(count, left)
      }
    } catch {
      throw .input(member.input, InputCheck.problem(for: error))
    }
  }

  /// Decodes one more block (moving to the next member at a member's end) and resamples it; at
  /// the run's end, flushes the resampler and makes the length exact.
  private func pull() throws(RenderError) {
    let input = members[nextMember - 1].input
    do {
      if let block = try reader?.nextBlock() {
        pending.append(try resampler!.convert(block))
        return
      }
      if nextMember < members.count { return try openNextMember(skipping: 0) }
      pending.append(try resampler!.convert(nil))
    } catch let error as RenderError {
      throw error
    } catch {
      throw .input(input, InputCheck.problem(for: error))
    }
    finished = true
    let wanted = frameCount - position!
    pending.resize(frames: Int(max(0, wanted)))
  }

  private func gcd(_ a: Int64, _ b: Int64) -> Int64 { b == 0 ? a : gcd(b, a % b) }
}
