import Composition
import Playlists
import Settings

/// A stretch of one input to a length, as `segue stretch` asks for it.
public struct StretchRequest: Sendable, Equatable {
  /// What the output's length is set by.
  public enum Target: Sendable, Equatable {
    /// A length ratio R: output frames = round(input frames × R).
    case ratio(Double)
    /// The output's length in frames.
    case frames(Int64)
    /// The output's length in seconds, to the nearest frame.
    case seconds(Double)
    /// The length of another file: its video's when it has one, else its audio's.
    case matching(path: String)
  }

  /// What sets the output's length: a ratio, a length in frames or seconds, or another file's.
  public var target: Target
  /// How to stretch; nil picks by the ratio (`StretchMethod.automatic`).
  public var method: StretchMethod?
  /// Seconds of silence added at the start (positive) or of audio left out there (negative),
  /// fixing a start offset in the same pass; the target length includes it.
  public var offsetSeconds: Double

  /// Asks for a stretch to `target`, by `method` or, when nil, by the method its ratio picks, fixing a start
  /// offset of `offsetSeconds` in the same pass.
  public init(target: Target, method: StretchMethod? = nil, offsetSeconds: Double = 0) {
    self.target = target
    self.method = method
    self.offsetSeconds = offsetSeconds
  }

  /// Length ratios Segue stretches by.
  public static let ratioRange = Stretch.ratioRange

  /// The setting its target is given by.
  var targetSetting: Setting {
    switch target {
    case .ratio: .stretchRatio
    case .frames: .stretchFrames
    case .seconds: .stretchLength
    case .matching: .toMatch
    }
  }

  /// Refuses a ratio out of range, a length of no frames, or an offset that is not a time; the
  /// ratio a length or another file's asks for is checked once the input's length is known.
  public func check() throws(SettingProblem) {
    switch target {
    case .ratio(let ratio): _ = try Setting.stretchRatio.check(ratio)
    case .frames(let frames) where frames <= 0: throw .tooShort(.stretchFrames, value: Double(frames), least: 0)
    case .seconds(let seconds) where !(seconds > 0): throw .tooShort(.stretchLength, value: seconds, least: 0)
    default: break
    }
    guard offsetSeconds.isFinite, abs(offsetSeconds) <= TimeParser.maximumSeconds else {
      throw .outOfRange(.offset, value: offsetSeconds, allowed: -TimeParser.maximumSeconds...TimeParser.maximumSeconds)
    }
  }
}
