import Analysis
import FFmpegAudio

/// What the summary says of a levelled span of the output (`LevelledSpan`) that measures off what
/// levelling aimed it at.
///
/// A span is where a track plays alone, so it differs from the whole track levelling measured:
/// the parts under the crossfades are not in it. Measured against the mix before the bus (each
/// track at its gain), the difference has two parts: what the gain made of that part, which is
/// the levelling working as asked and is explained with both figures; and what the bus (the peak
/// limiter) and a lossy encoder did after it, which is flagged past `changedTolerance`.
struct SpanNotes {
  /// The file as written (for lossy output, decoded again).
  let file: ProgrammeLoudness
  /// The mix before the bus; nil when it was not metered.
  let mix: ProgrammeLoudness?
  /// The format, when a lossy encoder wrote the file.
  let lossy: OutputFormat?
  let sampleRate: Int

  /// How far a levelled span may measure from what levelling aimed it at before it is spoken of, in LU.
  static let spanTolerance = 0.2
  /// How far the bus and the encoder may move a span before it is flagged, in LU.
  static let changedTolerance = 0.5

  /// The note of `span`; nil when it measures within `spanTolerance` of its aim.
  func note(_ span: LevelledSpan) -> String? {
    guard let measured = file.integratedLUFS(over: span.frames), abs(measured - span.expectedLUFS) > Self.spanTolerance else { return nil }
    let clock = { (frame: Int64) in TimeFormat.clock(frames: frame, sampleRate: sampleRate) }
    let place = "\(span.label), where it plays alone (\(clock(span.frames[0].lowerBound))–\(clock(span.frames.last!.upperBound))), measures "
      + "\(Decibels.text(measured)) LUFS in the \(lossy == nil ? "output" : "written file")"
    guard let made = mix?.integratedLUFS(over: span.frames) else { return place + ", " + apart(measured, span.expectedLUFS) + " levelling aimed it at" }
    let madeFrom = span.gainDB.map { ": it measures \(Decibels.text(made - $0)) LUFS before its \(Decibels.gain($0)) dB gain" } ?? ""
    let changed = measured - made
    if abs(changed) > Self.changedTolerance {
      return place + ", " + apart(measured, made) + " its gain makes that part\(madeFrom); \(changer(changed)) moved it"
    }
    let why = span.readFrom.map { "its gain came from \($0), not from measuring the file" }
      ?? "the parts under its crossfades, left out here, measure differently"
    let moved = abs(changed) >= 0.05 ? ", and \(changer(changed)) moved it \(Decibels.gain(changed)) LU" : ""
    return place + ", " + apart(measured, span.expectedLUFS) + " levelling aimed it at as a whole: its gain makes that part "
      + "\(Decibels.text(made)) LUFS\(madeFrom)\(moved); \(why)"
  }

  /// "0.7 LU over the -14.0 LUFS".
  private func apart(_ value: Double, _ reference: Double) -> String {
    "\(Decibels.text(abs(value - reference))) LU \(value < reference ? "under" : "over") the \(Decibels.text(reference)) LUFS"
  }

  /// What moved a span by `change` LU after the mix: a lossy encoder's low-pass, or the limiter.
  private func changer(_ change: Double) -> String {
    guard let lossy else { return "the peak limiter" }
    return "the \(lossy.codec.displayName) encoder's low-pass\(lossy.settings.bitRate.map { " at \($0 / 1000)k" } ?? "") (a higher --bitrate keeps more)"
  }
}
