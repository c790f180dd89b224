import Analysis
import Foundation

/// A track's automatic cue points, read from its 10 ms loudness track as radio automation reads
/// them: where it becomes audible and inaudible, and where the next track may start over its
/// ending. Frames are at the mix's rate.
struct AutoCue: Equatable {
  var cueIn: Int64
  var cueOut: Int64
  /// How many frames before `cueOut` the next track starts.
  var overlap: Int64
  /// Why the cue points fell where they did, for `plan` and the summary.
  var reasons: [String]
  /// Why the next track starts where it does (for a track that has a next).
  var overlapReason: String

  /// Seconds of loudness a cue level is read over (EBU momentary loudness).
  static let windowSeconds = 0.4
  /// A silence at least this long ends the track: what follows (a hidden track) is not played.
  static let hiddenPartGap = 10.0
  /// An ending that falls faster than this is a hard ending.
  static let hardEnding = 0.5
  /// The longest overlap after a hard ending, in seconds.
  static let hardEndingOverlap = 1.0

  /// The points `rules` put in `analysis` (measured at its own rate), at `mixRate`; nil when the
  /// analysis has no loudness to read (silence). The overlap is the audio's choice, used where no
  /// crossfade was given (an explicit crossfade sets every overlap's length; see `MixPlanning`).
  init?(analysis: SignalAnalysis, rules: AutoCueRules, mixRate: Int) {
    guard let integrated = analysis.integratedLUFS, let track = analysis.loudness, track.count > 0 else { return nil }
    let windowFrames = Int64(max(1, analysis.sampleRate / 100))
    let loudness = WindowLoudness(track: track, windows: Int((Self.windowSeconds / track.step).rounded()))
    let toMix = { (window: Int) in Int64(window) * windowFrames * Int64(mixRate) / Int64(analysis.sampleRate) }
    let clock = { (frames: Int64) in TimeFormat.clock(frames: frames, sampleRate: mixRate) }
    let cueLevel = integrated + rules.cueLevel
    let audible = loudness.starts.filter { loudness[$0] >= cueLevel }
    guard let first = audible.first else { return nil }
    // A window is audible from its start; the track is heard from the end of the last window
    // before the first audible one, and until the start of the window after the last.
    let length = loudness.windows
    var last = first
    var hidden: (gap: Int64, from: Int)?
    for start in audible.dropFirst() {
      if toMix(start + length - 1) - toMix(last + 1) >= Int64(Self.hiddenPartGap * Double(mixRate)) {
        hidden = (toMix(start + length - 1) - toMix(last + 1), start)
        break
      }
      last = start
    }
    // The sound lies in every audible window: where the first ends and the last begins bound it
    // too, when it is shorter than a window.
    cueIn = max(0, min(toMix(first + length - 1), toMix(last)))
    cueOut = min(max(toMix(last + 1), toMix(first + length)), Int64(analysis.frameCount) * Int64(mixRate) / Int64(analysis.sampleRate))
    let level = "\(Self.lu(-rules.cueLevel)) LU under the track's loudness (\(Self.lu(integrated)) LUFS)"
    reasons = [
      "cue-in at \(clock(cueIn)): where it rises above \(level)",
      "cue-out at \(clock(cueOut)): where it falls below \(level)"
        + (hidden.map { "; a hidden part after \(clock($0.gap)) of silence is left out" } ?? ""),
    ]
    let overlapLevel = integrated + rules.overlapLevel
    let loudEnd = stride(from: last, through: first, by: -1).first { loudness[$0] > overlapLevel }
    let fallStart = max(cueIn, loudEnd.map { toMix($0 + 1) } ?? cueIn)
    let seconds = { (frames: Int64) in String(format: "%.2f s", Double(frames) / Double(mixRate)) }
    let fall = max(0, cueOut - fallStart)
    if fall < Int64(Self.hardEnding * Double(mixRate)) {
      let longest = Int64(Self.hardEndingOverlap * Double(mixRate))
      overlap = min(longest, fall)
      overlapReason =
        "hard ending (from \(Self.lu(-rules.overlapLevel)) LU under to the cue level in \(seconds(fall))): the next track starts "
        + "\(seconds(overlap)) before cue-out"
    } else {
      overlap = min(fall, Int64(rules.maxOverlap * Double(mixRate)))
      overlapReason =
        "next track starts at \(clock(cueOut - overlap)), \(seconds(overlap)) before cue-out: "
        + (overlap < fall
          ? "at most --max-overlap \(seconds(overlap)) (the ending stays \(Self.lu(-rules.overlapLevel)) LU under from \(clock(fallStart)))"
          : "where the ending stays \(Self.lu(-rules.overlapLevel)) LU under the track's loudness")
    }
  }

  private static func lu(_ value: Double) -> String { String(format: "%.1f", value) }
}

/// The loudness of every window of `windows` consecutive 10 ms blocks, by the window's first
/// block; blocks before the first and after the last count as silence.
struct WindowLoudness {
  let windows: Int
  /// The first blocks of every window that holds at least one block.
  let starts: StrideTo<Int>
  private let sums: [Double]

  init(track: LevelTrack, windows: Int) {
    self.windows = windows
    let energies = (0..<track.count).map { track[$0] <= LevelTrack.floor ? 0 : pow(10, (track[$0] + 0.691) / 10) }
    // Running sums, so each window's mean is one subtraction.
    var sums = [0.0]
    sums.reserveCapacity(energies.count + 1)
    for energy in energies { sums.append(sums.last! + energy) }
    self.sums = sums
    starts = stride(from: 1 - windows, to: energies.count, by: 1)
  }

  /// The loudness of the window starting at block `start`, in LUFS (-inf for silence).
  subscript(start: Int) -> Double {
    let count = sums.count - 1
    let energy = sums[min(count, max(0, start + windows))] - sums[min(count, max(0, start))]
    return energy > 0 ? -0.691 + 10 * log10(energy / Double(windows)) : -.infinity
  }
}
