import FFmpegAudio
import SampleBlocks

/// Where a clip's samples come from, in the mix's layout, one block at a time; a failure names the
/// input it came from (a resampled run's may be another track than the clip's).
protocol ClipSamples: AnyObject {
  /// The next block of interleaved samples, valid until the next call; nil at the end.
  func nextBlock() throws(RenderError) -> UnsafeBufferPointer<Float>?
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
    do { return try reader.nextBlock() } catch { throw .input(input, InputCheck.problem(for: error)) }
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
