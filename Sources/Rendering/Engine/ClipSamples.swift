import FFmpegAudio
import SampleBlocks

/// Where a clip's samples come from, in the mix's layout, one block at a time; a failure names the
/// input it came from (a resampled run's may be another track than the clip's).
protocol ClipSamples: AnyObject {
  /// The next block of interleaved samples, valid until the next call; nil at the end.
  func nextBlock() throws(RenderError) -> UnsafeBufferPointer<Float>?
  /// The next block, valid until the next call, as the source has it: floats, or a file's
  /// decoded samples not yet converted; nil at the end.
  func nextSourceBlock() throws(RenderError) -> SourceBlock?
  /// Moves so the next block starts `frame` frames in; false (having done nothing) where that
  /// cannot be done exactly.
  func seek(toFrame frame: Int64) throws(RenderError) -> Bool
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

  /// Most sources make floats.
  func nextSourceBlock() throws(RenderError) -> SourceBlock? {
    try nextBlock().map(SourceBlock.floats)
  }
}

/// A block a clip's source handed out, valid until its next: floats, or a file's decoded samples,
/// converted to floats only when they are asked for (those that pass through untouched never are).
enum SourceBlock {
  case floats(UnsafeBufferPointer<Float>)
  /// Decoded samples of `input`, which names the file if their conversion fails.
  case decoded(DecodedBlock, InputSource)

  /// How many frames of `channels` channels the block holds.
  func frameCount(channels: Int) -> Int {
    switch self {
    case .floats(let samples): samples.count / channels
    case .decoded(let block, _): block.frameCount
    }
  }

  /// The block's samples as interleaved floats.
  func floats() throws(RenderError) -> UnsafeBufferPointer<Float> {
    switch self {
    case .floats(let samples):
      return samples
    case .decoded(let block, let input):
      do { return try block.floats() } catch { throw .input(input, InputCheck.problem(for: error)) }
    }
  }

  /// The type of the source's own integers the block holds, when it can be copied as them.
  var integers: DecodedIntegers? {
    guard case .decoded(let block, _) = self else { return nil }
    return block.integers
  }
}

/// An input file's samples, read by an `AudioFileReader`, its failures named by the input.
final class InputFileSamples: ClipSamples {
  private let reader: AudioFileReader
  private let input: InputSource

  /// Opens `input` to read it in `layout` (rates converted at `resampling`), its stream `info`
  /// known.
  init(_ input: InputSource, layout: PCMLayout, resampling: ResamplingQuality, info: AudioStreamInfo) throws(RenderError) {
    self.input = input
    do {
      reader = try AudioFileReader(path: input.path, output: layout, resampling: resampling, tolerance: input.tolerance, known: info)
    } catch {
      throw .input(input, InputCheck.problem(for: error))
    }
  }

  func nextBlock() throws(RenderError) -> UnsafeBufferPointer<Float>? {
    try nextSourceBlock()?.floats()
  }

  func nextSourceBlock() throws(RenderError) -> SourceBlock? {
    do { return try reader.nextDecodedBlock().map { .decoded($0, input) } } catch { throw .input(input, InputCheck.problem(for: error)) }
  }

  func seek(toFrame frame: Int64) throws(RenderError) -> Bool {
    do { return try reader.seek(toFrame: frame) } catch { throw .input(input, InputCheck.problem(for: error)) }
  }

  var framesDelivered: Int64 { reader.framesDelivered }
  var copiesSamplesExactly: Bool { reader.copiesSamplesExactly }
}

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

  func nextBlock() throws(RenderError) -> UnsafeBufferPointer<Float>? {
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
