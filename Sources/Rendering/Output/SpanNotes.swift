import Analysis
import FFmpegAudio

/// What the summary says of a levelled span of the output (`LevelledSpan`) that measures off what
/// levelling aimed it at.
///
/// A span is where a track plays alone, so it differs from the whole track levelling measured:
/// the parts under the crossfades are not in it. The span is measured at three points: the mix
/// before the bus (each track at its gain), the output the encoder got (after the peak limiter),
/// and the written file (a lossy file decoded again). A span the bus and the encoder moved more
/// than `changedTolerance` from what its gain makes it, and that misses its aim by as much, is
/// flagged as a warning naming each move; any other is explained with its figures: the levelling
/// worked as asked on a part that is louder or quieter than the whole.
struct SpanNotes {
  /// The file as written (for lossy output, decoded again).
  let file: ProgrammeLoudness
  /// What the encoder got; the same as `file` for lossless output.
  let output: ProgrammeLoudness
  /// The mix before the bus; nil when it was not metered.
  let mix: ProgrammeLoudness?
  /// The format, when a lossy encoder wrote the file.
  let lossy: OutputFormat?
  let sampleRate: Int

  /// How far a levelled span may measure from what levelling aimed it at before it is spoken of, in LU.
  static let spanTolerance = 0.2
  /// How far the bus and the encoder may move a span, and the span miss its aim, before it is flagged, in LU.
  static let changedTolerance = 0.5

  /// The note of `span`; nil when it measures within `spanTolerance` of its aim.
  func note(_ span: LevelledSpan) -> String? {
    guard let measured = file.integratedLUFS(over: span.frames), abs(measured - span.expectedLUFS) > Self.spanTolerance else { return nil }
    let clock = { (frame: Int64) in TimeFormat.clock(frames: frame, sampleRate: sampleRate) }
    let place = "\(span.label), where it plays alone (\(clock(span.frames[0].lowerBound))–\(clock(span.frames.last!.upperBound))), measures "
      + "\(Decibels.text(measured)) LUFS in the \(lossy == nil ? "output" : "written file"), " + apart(measured, span.expectedLUFS)
    guard let made = mix?.integratedLUFS(over: span.frames) else { return place + " levelling aimed it at" }
    let madeFrom = span.gainDB.map { " (it measures \(Decibels.text(made - $0)) LUFS before its \(Decibels.gain($0)) dB gain)" } ?? ""
    let encoded = output.integratedLUFS(over: span.frames) ?? measured
    let moved = [("the peak limiter", encoded - made), (encoder, measured - encoded)].filter { abs($0.1) >= 0.05 }
      .map { "\($0.0) (\(Decibels.gain($0.1)) LU)" }.joined(separator: " and ")
    let moves = moved.isEmpty ? "" : ", moved by \(moved)" + (lossy != nil && abs(measured - encoded) >= 0.05 ? "; a higher --bitrate keeps more" : "")
    if abs(measured - made) > Self.changedTolerance && abs(measured - span.expectedLUFS) > Self.changedTolerance {
      return RenderReport.warningPrefix + place + " levelling aimed it at: its gain makes that part \(Decibels.text(made)) LUFS\(madeFrom)\(moves)"
    }
    let why = span.readFrom.map { "its gain came from \($0), not from measuring the file" }
      ?? "the parts under its crossfades, left out here, measure differently"
    return place + " levelling aimed it at as a whole: its gain makes that part \(Decibels.text(made)) LUFS\(madeFrom)\(moves); \(why)"
  }

  /// "0.7 LU over the -14.0 LUFS".
  private func apart(_ value: Double, _ reference: Double) -> String {
    "\(Decibels.text(abs(value - reference))) LU \(value < reference ? "under" : "over") the \(Decibels.text(reference)) LUFS"
  }

  /// A lossy encoder's low-pass, by name.
  private var encoder: String {
    guard let lossy else { return "the encoder" }
    return "the \(lossy.codec.displayName) encoder's low-pass\(lossy.settings.bitRate.map { " at \($0 / 1000)k" } ?? "")"
  }
}
