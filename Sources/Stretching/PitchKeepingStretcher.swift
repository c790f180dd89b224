import CRubberBand

/// Stretches audio in time without moving its pitch, by Rubber Band's R3 ("finer") engine in
/// offline mode, its best quality: the whole input is studied first, then processed, and the
/// output is exactly as long as asked.
///
/// Interleaved samples in and out; Rubber Band works on one array per channel, so blocks are
/// split and joined here. It runs on the caller's thread alone (no threads of Rubber Band's own),
/// so the output never depends on timing; one thread at a time may use it (`ChannelSplitStretcher`
/// gives each channel one of its own).
public final class PitchKeepingStretcher: @unchecked Sendable {
  private let state: RubberBandState
  private let channels: Int
  private let inputFrames: Int64
  private var studied: Int64 = 0
  private var processed: Int64 = 0
  /// One block per channel, handed to Rubber Band.
  private let inputPlanes: [UnsafeMutablePointer<Float>]
  /// One array per channel that Rubber Band's output is retrieved into.
  private var outputPlanes: [UnsafeMutablePointer<Float>]
  private var outputCapacity = blockFrames
  private var output: [Float] = []

  /// An input frame and the output frame it must land on.
  public typealias KeyFrame = (input: Int64, output: Int64)

  /// The most frames handed to Rubber Band at once.
  public static let blockFrames = 4096

  /// A stretcher of `inputFrames` frames of `channels` channels at `sampleRate` into
  /// `outputFrames` frames, input frame `input` of each key frame landing on output frame
  /// `output` (in order, inside the job), its pitch scaled by `pitchScale` (1 keeps it); with
  /// `shortWindow`, R3's short window, which keeps drum hits in place. Nil when Rubber Band
  /// refuses the job.
  public init?(
    sampleRate: Int, channels: Int, inputFrames: Int64, outputFrames: Int64, keyFrames: [KeyFrame] = [], shortWindow: Bool = false,
    pitchScale: Double = 1
  ) {
    guard sampleRate > 0, channels > 0, inputFrames > 0, outputFrames > 0, inputFrames < Int64(UInt32.max), (0.25...4).contains(pitchScale) else {
      return nil
    }
    let window = shortWindow ? RubberBandOptionWindowShort.rawValue : RubberBandOptionWindowStandard.rawValue
    let options = Int32(
      RubberBandOptionProcessOffline.rawValue | RubberBandOptionEngineFiner.rawValue | RubberBandOptionThreadingNever.rawValue | window)
    guard let state = rubberband_new(UInt32(sampleRate), UInt32(channels), options, Double(outputFrames) / Double(inputFrames), pitchScale) else {
      return nil
    }
    rubberband_set_expected_input_duration(state, UInt32(inputFrames))
    if !keyFrames.isEmpty {
      guard keyFrames.allSatisfy({ (1..<inputFrames).contains($0.input) && (1..<outputFrames).contains($0.output) }) else {
        rubberband_delete(state)
        return nil
      }
      var inputs = keyFrames.map { UInt32($0.input) }
      var outputs = keyFrames.map { UInt32($0.output) }
      rubberband_set_key_frame_map(state, UInt32(keyFrames.count), &inputs, &outputs)
    }
    rubberband_set_max_process_size(state, UInt32(Self.blockFrames))
    self.state = state
    self.channels = channels
    self.inputFrames = inputFrames
    inputPlanes = (0..<channels).map { _ in .allocate(capacity: Self.blockFrames) }
    outputPlanes = (0..<channels).map { _ in .allocate(capacity: Self.blockFrames) }
  }

  deinit {
    rubberband_delete(state)
    (inputPlanes + outputPlanes).forEach { $0.deallocate() }
  }

  /// Studies the next interleaved samples of the input; all of it must be studied before any is
  /// processed.
  public func study(_ samples: UnsafeBufferPointer<Float>) {
    feed(samples, counting: &studied) { planes, count, final in rubberband_study(state, planes, count, final) }
  }

  /// Processes the next interleaved samples of the input (the last of them ending the job) and
  /// returns the interleaved output ready, valid until the next call.
  public func process(_ samples: UnsafeBufferPointer<Float>) -> ArraySlice<Float> {
    output.removeAll(keepingCapacity: true)
    feed(samples, counting: &processed) { planes, count, final in
      rubberband_process(state, planes, count, final)
      collect()
    }
    return output[...]
  }

  /// Hands `samples` on as planes, block by block, the block holding the input's last frame final.
  private func feed(
    _ samples: UnsafeBufferPointer<Float>, counting done: inout Int64, _ hand: (UnsafePointer<UnsafePointer<Float>?>, UInt32, Int32) -> Void
  ) {
    var offset = 0
    let frames = samples.count / channels
    let planes: [UnsafePointer<Float>?] = inputPlanes.map { UnsafePointer($0) }
    while offset < frames {
      let count = min(Self.blockFrames, frames - offset)
      for channel in 0..<channels {
        for frame in 0..<count { inputPlanes[channel][frame] = samples[(offset + frame) * channels + channel] }
      }
      done += Int64(count)
      planes.withUnsafeBufferPointer { hand($0.baseAddress!, UInt32(count), done >= inputFrames ? 1 : 0) }
      offset += count
    }
  }

  /// Appends what Rubber Band has ready to `output`, interleaved.
  private func collect() {
    while case let available = Int(rubberband_available(state)), available > 0 {
      if available > outputCapacity {
        outputPlanes.forEach { $0.deallocate() }
        outputPlanes = (0..<channels).map { _ in .allocate(capacity: available) }
        outputCapacity = available
      }
      let planes: [UnsafeMutablePointer<Float>?] = outputPlanes
      let count = Int(planes.withUnsafeBufferPointer { rubberband_retrieve(state, $0.baseAddress, UInt32(available)) })
      for frame in 0..<count {
        for channel in 0..<channels { output.append(outputPlanes[channel][frame]) }
      }
    }
  }
}
