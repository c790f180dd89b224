import Composition
import Foundation

/// How far a render has got: frames written, time taken, speed and the track now playing.
public struct RenderProgress: Sendable, Equatable {
  /// Sample frames handed to the encoder so far.
  public var framesDone: Int64
  /// Sample frames the whole output holds, so `framesDone` reaches it at the end.
  public var totalFrames: Int64
  /// The mix's sample rate, in Hz, which the frame counts are at.
  public var sampleRate: Int
  /// Wall-clock seconds since the render started.
  public var elapsedSeconds: Double
  /// The name (`TrackName.text`) of the track playing at `framesDone`: the last one whose listed
  /// start (where tracklists and chapters put it) has been reached.
  public var currentTrack: String?

  /// From 0 to 1.
  public var fraction: Double { totalFrames == 0 ? 1 : Double(framesDone) / Double(totalFrames) }

  /// Seconds of audio rendered per second of wall-clock time.
  public var speed: Double {
    elapsedSeconds > 0 ? Double(framesDone) / Double(sampleRate) / elapsedSeconds : 0
  }

  /// Seconds left at the speed so far; nil until there is a speed to go by.
  public var estimatedSecondsLeft: Double? {
    ProgressLine.secondsLeft(done: Double(framesDone), of: Double(totalFrames), elapsed: elapsedSeconds)
  }

  /// Whether every frame of the output has been handed to the encoder.
  public var isFinished: Bool { framesDone == totalFrames }

  /// The update as one line of JSON: `{"schemaVersion":1,"percent":42.1,"frames":…,"totalFrames":…,
  /// "elapsed":…,"eta":…,"speed":…,"track":"…","done":false}`.
  public var json: String {
    let counts = Counts(frames: framesDone, totalFrames: totalFrames, speed: rounded(speed, 1), track: currentTrack)
    return ProgressLine(
      fraction: fraction, elapsedSeconds: elapsedSeconds, secondsLeft: estimatedSecondsLeft, isFinished: isFinished, counts: counts
    ).json
  }

  /// What a render's progress line counts, beside the fields every progress line has.
  private struct Counts: Encodable {
    var frames: Int64
    var totalFrames: Int64
    var speed: Double
    var track: String?
  }
}

/// Counts the frames the encoder takes and reports progress at most every `interval` seconds,
/// and once more at the end.
final class ProgressMeter {
  private let timeline: Timeline
  private let items: [TimelineItem]
  private let selection: OutputSelection
  private let names: [String]
  private let report: (@Sendable (RenderProgress) -> Void)?
  private var throttle: ReportThrottle
  private var framesDone: Int64 = 0

  init(
    timeline: Timeline, selection: OutputSelection, inputs: [InputSource], interval: Double = 0.2,
    report: (@Sendable (RenderProgress) -> Void)?
  ) {
    self.timeline = timeline
    items = timeline.items
    self.selection = selection
    names = inputs.map(\.name.text)
    throttle = ReportThrottle(interval: interval)
    self.report = report
  }

  /// Counts `frames` more frames, reporting if enough time has passed.
  func advance(by frames: Int) {
    framesDone += Int64(frames)
    guard let report, let elapsed = throttle.due(isLast: framesDone == selection.frameCount) else { return }
    report(progress(elapsed: elapsed))
  }

  private func progress(elapsed: Double) -> RenderProgress {
    let position = selection.timelinePosition(ofOutputFrame: min(framesDone, max(0, selection.frameCount - 1)))
    let playing = items.last { $0.listedStart <= position }
    return RenderProgress(
      framesDone: framesDone, totalFrames: selection.frameCount, sampleRate: timeline.sampleRate, elapsedSeconds: elapsed,
      currentTrack: playing.map { names[$0.source] })
  }
}
