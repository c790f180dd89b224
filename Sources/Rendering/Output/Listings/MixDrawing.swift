import Composition

/// What the mix's two pictures, the SVG (`TimelinePicture`) and the page (`MixPage`), draw alike.
enum MixDrawing {
  /// Seconds between time ticks: 1, 2, 5, 10, 15 or 30 seconds or minutes, or an hour, about
  /// twelve across `seconds`.
  static func tickStep(seconds: Double) -> Double {
    [1.0, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600].first { seconds / $0 <= 12 } ?? 3600
  }

  /// Each of the clip's fades and ramps as 25 points: a clip frame and the volume there relative
  /// to the clip's gain (1 at its gain, 0 silent).
  static func rampCurves(of clip: Clip) -> [(ramp: VolumeEnvelope.Ramp, points: [(frame: Int64, level: Double)])] {
    clip.volumeRamps.map { ramp in
      let points = (0...24).map { step -> (frame: Int64, level: Double) in
        let frame = ramp.range.lowerBound + Int64(ramp.range.count) * Int64(step) / 24
        return (frame, min(1, clip.volume(at: min(frame, ramp.range.upperBound - 1)) / max(clip.gain, .leastNormalMagnitude)))
      }
      return (ramp, points)
    }
  }
}
