import Composition
import Foundation

/// The tempo and key references of a real recording, read from the tables `Benchmarks/real_peers.py`
/// wrote (`Benchmarks/real-references/PACKAGE.tsv`): what the best analysers here agree on, decided
/// by `Benchmarks/real_references.py`'s rules. Tests read the tables and never run the peers.
public struct RealReference: Sendable {
  /// The file's name in its package's folder.
  public var file: String
  /// The tempo at least two analysers agree on within 2 %; nil where none do.
  public var beatsPerMinute: Double?
  /// True when the analysers agree on the tempo only once one is halved or doubled: either
  /// octave of it is then right.
  public var octaveAmbiguous: Bool
  /// The key at least two of the four key answers name; nil where none is named by two.
  public var key: MusicalKey?

  /// How far a tempo may be from the reference and still be right: 2 % of their mean, as the
  /// references agree.
  public static let tempoTolerance = 0.02

  /// True when `found` is the reference tempo within `tempoTolerance`, or half or double it where
  /// the reference is ambiguous by octave.
  public func isRight(beatsPerMinute found: Double) -> Bool {
    guard let reference = beatsPerMinute else { return false }
    let factors = octaveAmbiguous ? [0.5, 1, 2] : [1.0]
    return factors.contains { factor in abs(found - reference * factor) <= Self.tempoTolerance * (found + reference * factor) / 2 }
  }

  /// The references of `package` (such as "hedgewars-data"), one per track of its table.
  public static func table(_ package: String) throws -> [RealReference] {
    let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Benchmarks/real-references/\(package).tsv")
    let lines = try String(contentsOf: path, encoding: .utf8).split(separator: "\n").filter { !$0.hasPrefix("#") }
    guard let header = lines.first?.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) else { return [] }
    let column = { (name: String) throws -> Int in
      guard let index = header.firstIndex(of: name) else { throw FFmpegCLI.Failure(message: "\(path.path) has no column \(name)") }
      return index
    }
    let (file, bpm, ambiguous, key) = (try column("file"), try column("ref_bpm"), try column("ref_octave_ambiguous"), try column("ref_key"))
    return lines.dropFirst().map { line in
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
      return RealReference(
        file: fields[file], beatsPerMinute: Double(fields[bpm]), octaveAmbiguous: fields[ambiguous] == "1", key: MusicalKey(fields[key]))
    }
  }
}
