import Composition

/// A position in a file as a playlist writes it: seconds, or CD frames (1/75 s) from a cue sheet.
public enum PlaylistTime: Sendable, Equatable, Comparable {
  /// Seconds, as M3U, PLS, XSPF and native playlists write them.
  case seconds(Double)
  /// CUE sheets' `mm:ss:ff`, counted in frames of 1/75 s.
  case cdFrames(Int64)

  /// CD frames per second.
  public static let cdFramesPerSecond: Int64 = 75

  /// The position in seconds, whichever unit it was written in.
  public var seconds: Double {
    switch self {
    case .seconds(let seconds): seconds
    case .cdFrames(let frames): Double(frames) / Double(Self.cdFramesPerSecond)
    }
  }

  /// The position in sample frames at `sampleRate`, to the nearest frame. CD frames convert with
  /// integer arithmetic only, exactly at rates that are multiples of 75 (44.1 and 48 kHz: 588 and
  /// 640 samples per CD frame).
  public func frames(at sampleRate: Int) -> Int64 {
    switch self {
    case .seconds(let seconds): SampleFrames.count(inSeconds: seconds, at: sampleRate)
    case .cdFrames(let frames): (frames * Int64(sampleRate) + Self.cdFramesPerSecond / 2) / Self.cdFramesPerSecond
    }
  }

  /// Earlier in the file: two CD-frame times compare exactly, any others by their seconds.
  public static func < (a: PlaylistTime, b: PlaylistTime) -> Bool {
    switch (a, b) {
    case (.cdFrames(let x), .cdFrames(let y)): x < y
    default: a.seconds < b.seconds
    }
  }
}
