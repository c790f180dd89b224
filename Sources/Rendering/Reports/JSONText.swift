import Foundation

/// The JSON text of Segue's reports: pretty-printed, keys sorted, so output diffs well.
enum JSONText {
  /// Encodes `value`; the reports hold only strings and finite numbers, so this cannot fail.
  static func encode(_ value: some Encodable, pretty: Bool = true) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = pretty ? [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
    encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
    guard let data = try? encoder.encode(value) else { return "{}" }
    return String(decoding: data, as: UTF8.self)
  }
}

/// The version of every JSON shape Segue prints (`plan`, `inspect`, progress, the render summary).
///
/// It changes only when a field changes meaning or goes away; new fields may appear within a version.
public enum ReportSchema {
  /// The version of `plan --json`'s and `inspect --json`'s shapes and of the progress lines'.
  public static let version = 1
  /// The version of `render --json`'s shape: 2 since a beat check (`beatAlignments`) has a
  /// `state` and a signed `medianOffsetSeconds` over its `clearBeats` (issue 47).
  public static let renderVersion = 2
  /// The version of `analyze --json`'s shape: 2 since a tempo's `confidence` became the calibrated
  /// one (issue 29), with `sure` and `candidates` beside it.
  public static let analysisVersion = 2
}
