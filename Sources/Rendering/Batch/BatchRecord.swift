import Foundation
import Playlists

/// What a batch remembers beside each output (`OUTPUT.segue.json`): the request it was rendered
/// from and the inputs and output as they were, so a later run can tell an up-to-date output from
/// a stale one on any node.
///
/// The record is written before the render starts, with no output (a claim: this path is the
/// batch's), and again with the output's digest once it is in place. An output whose record is a
/// claim, or describes other bytes, was interrupted or changed since, and is rendered again.
public struct BatchRecord: Sendable, Codable, Equatable {
  public static let schemaVersion = 1

  public var schemaVersion = Self.schemaVersion
  /// XXH64 of the item's canonical text.
  public var requestHash: String
  /// The item as written, for people reading the record.
  public var request: String
  public var inputs: [FileDigest]
  /// The output as rendered; nil while the render is under way.
  public var output: FileDigest?

  /// The record's path beside `output`.
  public static func path(for output: String) -> String { output + ".segue.json" }

  /// The record of the output at `output`, or nil when there is none; a damaged one reads as a claim.
  static func load(for output: String) -> BatchRecord?? {
    guard let data = FileManager.default.contents(atPath: path(for: output)) else { return nil }
    return .some(try? JSONDecoder().decode(BatchRecord.self, from: data))
  }

  /// Writes the record beside `output` atomically (a new file renamed over the old).
  func write(for output: String) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    try encoder.encode(self).write(to: URL(fileURLWithPath: Self.path(for: output)), options: .atomic)
  }
}

/// Where an item's output stands before a batch renders it.
public enum BatchItemState: Sendable, Equatable {
  /// No output yet.
  case missing
  /// The output was rendered from this request and these inputs, and is unchanged.
  case upToDate
  /// The batch's own output, to render again, and why.
  case stale(String)
  /// An output the batch did not write (no record beside it): left alone unless forced.
  case unowned

  /// The state of `item`'s output given the inputs' digests now (`inputs` is called only when
  /// the answer depends on them).
  static func of(_ item: BatchItem, requestHash: String, inputs: () throws -> [FileDigest]) throws -> BatchItemState {
    guard FileManager.default.fileExists(atPath: item.output) else { return .missing }
    guard let stored = BatchRecord.load(for: item.output) else { return .unowned }
    guard let record = stored else { return .stale("its record is damaged") }
    guard let renderedOutput = record.output else { return .stale("an earlier render of it did not finish") }
    guard record.requestHash == requestHash else { return .stale("the request changed") }
    let now = try inputs()
    guard now.count == record.inputs.count else { return .stale("its inputs changed (\(record.inputs.count) files, now \(now.count))") }
    if let changed = zip(record.inputs, now).first(where: { !$0.sameContents(as: $1) }) {
      return .stale("\(changed.1.path) changed")
    }
    guard try FileDigest.of(path: item.output).sameContents(as: renderedOutput) else { return .stale("the output changed since it was rendered") }
    return .upToDate
  }
}
