import Foundation
import Playlists

/// What a batch remembers beside each output (`OUTPUT.segue.json`): the request it was rendered
/// from and the inputs and outputs as they were, so a later run can tell an up-to-date output
/// from a stale one on any node.
///
/// The record is written before the render starts, with no output (a claim: this path is the
/// batch's), and again with the outputs' digests once they are in place. An output whose record
/// is a claim, or describes other bytes, was interrupted or changed since, and is rendered again.
public struct BatchRecord: Sendable, Codable, Equatable {
  /// The version of the record's shape this build writes.
  public static let schemaVersion = 1

  /// The version of the shape the record was written in.
  public var schemaVersion = Self.schemaVersion
  /// XXH64 of the item's canonical text.
  public var requestHash: String
  /// The item as written, for people reading the record.
  public var request: String
  /// The files whose contents decide the output (playlists, audio, overlays, cover), as they were when
  /// the render started.
  public var inputs: [FileDigest]
  /// The output as rendered; nil while the render is under way.
  public var output: FileDigest?
  /// The files written beside the output (cue sheet, track list, page, picture), in the order
  /// `BatchItemRender.sideOutputs` lists them.
  public var sideOutputs: [FileDigest] = []
  /// What the render measured of the written file, and its warnings, repeated in the results of
  /// later runs that skip it.
  public var frames: Int64?
  /// The written file's integrated loudness, in LUFS; nil when not measured.
  public var loudness: Double?
  /// The written file's true peak, in dBTP (a lossy file's decoded again); nil when not measured.
  public var truePeak: Double?
  /// Every warning the render gave; nil while the render is under way.
  public var warnings: [String]?

  /// The record's path beside `output`.
  public static func path(for output: String) -> String { output + ".segue.json" }

  /// The record of the output at `output`, or nil when there is none; a damaged one reads as
  /// `.some(nil)`. A record that is there but cannot be read (an I/O error) throws.
  static func load(for output: String) throws -> BatchRecord?? {
    let path = path(for: output)
    guard FileManager.default.fileExists(atPath: path) else { return nil }
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    return .some(try? JSONDecoder().decode(BatchRecord.self, from: data))
  }

  /// True when the side file at `path` is one this record's render wrote: recorded there, or
  /// recorded with these contents (the catalog seen under another mount), or named by this very
  /// request while its render was under way.
  func wrote(_ path: String, requestHash: String) -> Bool {
    if sideOutputs.contains(where: { $0.path == path }) || (output == nil && self.requestHash == requestHash) { return true }
    guard let now = try? FileDigest.of(path: path) else { return false }
    return sideOutputs.contains { $0.sameContents(as: now) }
  }

  /// Writes the record beside `output` atomically (a new file renamed over the old).
  func write(for output: String) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    try encoder.encode(self).write(to: URL(fileURLWithPath: Self.path(for: output)), options: .atomic)
  }
}

/// Where an item's outputs stand before a batch renders it.
public enum BatchItemState: Sendable, Equatable {
  /// No output yet.
  case missing
  /// The outputs were rendered from this request and these inputs, and are unchanged.
  case upToDate(BatchRecord)
  /// The batch's own output, to render again, and why.
  case stale(String)
  /// A file the batch did not write (no record beside the output, or a side file the record does
  /// not hold): left alone unless forced.
  case unowned(String)

  /// The state of `item`'s output and `sides` given its inputs now, `files`: each compared with
  /// the record in order, by size, then by contents (`digest` of its index, read only when the
  /// answer depends on it), so the first that changed is the reason given.
  static func of(
    _ item: BatchItem, sides: [String], requestHash: String, files: [String], digest: (Int) throws -> FileDigest
  ) throws -> BatchItemState {
    let exists = { (path: String) in FileManager.default.fileExists(atPath: path) }
    guard let stored = try BatchRecord.load(for: item.output) else {
      return ([item.output] + sides).first(where: exists).map(BatchItemState.unowned) ?? .missing
    }
    guard let record = stored else { return .stale("its record is damaged") }
    if let foreign = sides.first(where: { exists($0) && !record.wrote($0, requestHash: requestHash) }) { return .unowned(foreign) }
    guard let renderedOutput = record.output else { return .stale("an earlier render of it did not finish") }
    guard exists(item.output) else { return .stale("the output is missing") }
    guard record.requestHash == requestHash, record.sideOutputs.count == sides.count else { return .stale("the request changed") }
    guard files.count == record.inputs.count else { return .stale("its inputs changed (\(record.inputs.count) files, now \(files.count))") }
    for (index, (file, recorded)) in zip(files, record.inputs).enumerated() {
      let size = (try? FileManager.default.attributesOfItem(atPath: file)[.size] as? Int64) ?? nil
      // A file's name counts too: untagged tracks are titled by it.
      guard size == recorded.size, PathText.lastComponent(file) == PathText.lastComponent(recorded.path), try digest(index).sameContents(as: recorded)
      else { return .stale("\(file) changed") }
    }
    guard try FileDigest.of(path: item.output).sameContents(as: renderedOutput) else { return .stale("the output changed since it was rendered") }
    for (side, recorded) in zip(sides, record.sideOutputs) {
      guard exists(side) else { return .stale("\(side) is missing") }
      guard try FileDigest.of(path: side).sameContents(as: recorded) else { return .stale("\(side) changed since it was rendered") }
    }
    return .upToDate(record)
  }
}
