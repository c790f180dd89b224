import Analysis
import Composition
import Foundation

/// A clip's waveform in three bands as it sounds in the mix, for the page: the source's
/// `WaveformBands` windows the clip plays (through its cue points, shortened pauses and stretch),
/// each scaled by the clip's volume there (gain, fades, ramps).
enum ClipBands {
  /// Columns per second of the clip: 50 ms each, so an hour's page holds about 570 KB of them.
  static let columnsPerSecond = 20.0
  /// The most columns one clip gets.
  static let mostColumns = 8_000

  /// Six signed bytes per column (low, mid and high minimum and maximum, full scale 127).
  static func columns(of clip: Clip, from bands: WaveformBands, mixRate: Int) -> Data {
    let seconds = Double(clip.duration) / Double(mixRate)
    let count = max(1, min(mostColumns, Int((seconds * columnsPerSecond).rounded(.up))))
    var data = Data(capacity: count * 6)
    for column in 0..<count {
      let from = clip.duration * Int64(column) / Int64(count)
      let to = max(from + 1, clip.duration * Int64(column + 1) / Int64(count))
      let first = window(of: sourceFrame(of: clip, at: from), bands: bands, mixRate: mixRate)
      let last = max(first, window(of: sourceFrame(of: clip, at: to - 1), bands: bands, mixRate: mixRate))
      let volume = clip.volume(at: (from + to) / 2)
      var extremes: [Int8] = [0, 0, 0, 0, 0, 0]
      let upper = min(last, bands.count - 1)
      if first <= upper {
        bands.values.withUnsafeBytes { bytes in
          let values = bytes.bindMemory(to: Int8.self)
          for index in first...upper {
            for band in 0..<3 {
              extremes[band * 2] = min(extremes[band * 2], values[index * 6 + band * 2])
              extremes[band * 2 + 1] = max(extremes[band * 2 + 1], values[index * 6 + band * 2 + 1])
            }
          }
        }
      }
      for value in extremes { data.append(UInt8(bitPattern: Int8((min(127, max(-127, Double(value) * volume))).rounded()))) }
    }
    return data
  }

  /// The source frame (at the mix's rate) the clip plays at clip frame `frame`: after its cue-in,
  /// past the pauses it skips, through its stretch (evenly between its ends).
  static func sourceFrame(of clip: Clip, at frame: Int64) -> Int64 {
    guard let stretch = clip.stretch else { return clip.sourceFrame(at: frame) }
    return clip.inPoint + Int64((Double(frame) * Double(stretch.sourceFrames) / Double(max(clip.duration, 1))).rounded(.down))
  }

  /// The clip frame at which the clip plays source frame `source` (at the mix's rate), or nil
  /// when it does not play it (before its cue-in, after its cue-out, in a pause it skips). A
  /// source frame half a frame before a piece of the clip is that piece's first.
  static func clipFrame(of clip: Clip, atSource source: Double) -> Double? {
    if let stretch = clip.stretch {
      let offset = source - Double(clip.inPoint)
      guard offset >= -0.5, offset < Double(stretch.sourceFrames) else { return nil }
      return stretch.clipFrame(ofSource: max(0, offset), clipFrames: clip.duration)
    }
    for piece in clip.sourcePieces where source >= Double(piece.source.lowerBound) - 0.5 && source < Double(piece.source.upperBound) {
      return Double(piece.clipStart) + max(0, source - Double(piece.source.lowerBound))
    }
    return nil
  }

  /// The window of `bands` that holds mix-rate source frame `frame`.
  private static func window(of frame: Int64, bands: WaveformBands, mixRate: Int) -> Int {
    max(0, Int(Double(frame) / Double(mixRate) / bands.step))
  }
}
