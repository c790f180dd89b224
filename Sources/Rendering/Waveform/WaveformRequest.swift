import FFmpegAudio
import Foundation
import Playlists
import Settings

/// How many frames each pixel of waveform data covers.
public enum WaveformScale: Sendable, Equatable {
  /// So many sample frames for each pixel, whatever the sample rate (2 to 16,777,216).
  case samplesPerPixel(Int)
  /// So many pixels for each second of audio: the sample rate divided by it, rounded down.
  case pixelsPerSecond(Int)

  /// audiowaveform's default zoom: 256 frames per pixel.
  public static let standard = WaveformScale.samplesPerPixel(256)

  /// The frames per pixel at `sampleRate`, or why there can be none (at least 2, as
  /// audiowaveform and the players that read its data want).
  func samplesPerPixel(sampleRate: Int) throws(SettingProblem) -> Int {
    switch self {
    case .samplesPerPixel(let count):
      return Int(try Setting.samplesPerPixel.check(Double(count)))
    case .pixelsPerSecond(let count):
      _ = try Setting.pixelsPerSecond.check(Double(count))
      guard count <= sampleRate / 2 else {
        throw .outOfRange(.pixelsPerSecond, value: Double(count), allowed: 1...Double(sampleRate / 2))
      }
      return sampleRate / count
    }
  }
}

/// Waveform data of one audio file, written as `.dat` (binary) or `.json`, as its name says.
public struct WaveformRequest: Sendable {
  /// The audio file to draw: a source or a rendered mix, decoded at its own rate and channels.
  public var input: InputSource
  /// Where the data goes; its extension, `.dat` (binary) or `.json`, picks the form.
  public var outputPath: String
  /// How many sample frames each pixel covers.
  public var scale: WaveformScale
  /// 8 or 16.
  public var bits: Int
  /// Each channel its own waveform; otherwise one, of the channels' mean.
  public var splitChannels: Bool
  /// Replace a file already at `outputPath` (never the input); without it, one there is refused.
  public var overwrite: Bool

  /// Builds a request for `input`'s waveform data in `outputPath`: by default 16-bit, channels merged, 256 frames a pixel.
  public init(
    input: InputSource, outputPath: String, scale: WaveformScale = .standard, bits: Int = 16, splitChannels: Bool = false,
    overwrite: Bool = false
  ) {
    (self.input, self.outputPath, self.scale, self.bits) = (input, outputPath, scale, bits)
    (self.splitChannels, self.overwrite) = (splitChannels, overwrite)
  }

  /// The checks that need no file: the bits and the scale's own range.
  public func check() throws(SettingProblem) {
    guard bits == 8 || bits == 16 else { throw .notOneOf(.bits, value: String(bits), choices: ["8", "16"]) }
    if case .samplesPerPixel(let count) = scale { _ = try Setting.samplesPerPixel.check(Double(count)) }
    if case .pixelsPerSecond(let count) = scale { _ = try Setting.pixelsPerSecond.check(Double(count)) }
  }

  /// True for JSON output, false for binary; nil when the output's extension names neither.
  var writesJSON: Bool? {
    switch PathText.fileExtension(outputPath) {
    case "json": true
    case "dat": false
    default: nil
    }
  }
}
