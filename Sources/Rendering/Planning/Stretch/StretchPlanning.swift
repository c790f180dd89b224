import Composition
import FFmpegAudio
import Foundation

/// Settles a stretch request against its input, in frames at the mix's rate: how much silence
/// comes first or how much audio is left out, how many frames the audio becomes, by which method,
/// and why.
struct StretchPlanning {
  /// Frames of silence before the audio.
  var leadingSilence: Int64 = 0
  /// Frames of the input left out at its start.
  var trimmed: Int64 = 0
  /// The audio's length after the stretch.
  var frames: Int64
  var method: StretchMethod
  /// The length ratio applied to the audio.
  var ratio: Double
  var notes: [String]

  /// The plan for stretching an input of `inputFrames` frames (its own in and out points applied)
  /// as `request` asks, at `sampleRate`; `matchedFrames` is the matched file's length when the
  /// target is another file's.
  init(_ request: StretchRequest, inputFrames: Int64, matchedFrames: Int64?, sampleRate: Int) throws(RenderError) {
    let offset = SampleFrames.count(inSeconds: request.offsetSeconds, at: sampleRate)
    leadingSilence = max(0, offset)
    trimmed = max(0, -offset)
    let audio = inputFrames - trimmed
    guard audio > 0 else { throw .setting(.leavesNothing(.offset, value: request.offsetSeconds)) }
    let total: Int64
    switch request.target {
    case .ratio(let ratio): total = leadingSilence + Int64((Double(audio) * ratio).rounded())
    case .frames(let frames): total = frames
    case .seconds(let seconds): total = SampleFrames.count(inSeconds: seconds, at: sampleRate)
    case .matching: total = matchedFrames ?? 0
    }
    frames = total - leadingSilence
    ratio = Double(frames) / Double(audio)
    guard StretchRequest.ratioRange.contains(ratio) else {
      throw .setting(.ratioOutOfRange(request.targetSetting, ratio: ratio, detail: "\(audio) frames to \(frames)"))
    }
    let automatic = StretchMethod.automatic(forRatio: ratio)
    method = request.method ?? automatic.method
    let seconds = { (frames: Int64) in TimeFormat.clock(frames: frames, sampleRate: sampleRate) }
    notes = [
      "stretched \(seconds(audio)) (\(audio) frames) to \(seconds(frames)) (\(frames) frames): length ratio \(String(format: "%.10f", ratio)), "
        + "speed \(String(format: "%.10f", 1 / ratio)), by \(method.rawValue)"
        + (request.method == nil ? " (auto: \(automatic.reason))" : "")
    ]
    if leadingSilence > 0 { notes.append("\(seconds(leadingSilence)) of silence added at the start (--offset)") }
    if trimmed > 0 { notes.append("\(seconds(trimmed)) of the input's start left out (--offset)") }
  }
}
