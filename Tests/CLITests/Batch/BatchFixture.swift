import AudioTestSupport
import Foundation
import Rendering
import Testing

extension Fixture {
  /// Writes a JSON Lines manifest of `items` (each a JSON object's text) to `name`.
  func manifest(_ name: String, _ items: [String]) throws {
    try write(name, Data((items.joined(separator: "\n") + "\n").utf8))
  }

  /// The results lines in `name`, decoded.
  func results(_ name: String) throws -> [BatchResult] {
    let text = try String(contentsOfFile: file(name), encoding: .utf8)
    return try text.split(separator: "\n").map { try JSONDecoder().decode(BatchResult.self, from: Data($0.utf8)) }
  }

  /// The results printed on standard output (`--results -`), by item index.
  static func results(printed stdout: String) throws -> [Int: BatchResult] {
    let lines = try stdout.split(separator: "\n").map { try JSONDecoder().decode(BatchResult.self, from: Data($0.utf8)) }
    return Dictionary(lines.map { ($0.index, $0) }, uniquingKeysWith: { _, last in last })
  }

  /// Checks that `output` decodes to the samples of `inputs` one after another, sample for sample:
  /// the gapless join the item asked for.
  func expectJoined(_ output: String, of inputs: [String], sourceLocation: SourceLocation = #_sourceLocation) throws {
    let joined = try inputs.flatMap { try samples($0) }
    let decoded = try samples(output)
    #expect(decoded.count == joined.count, "\(output): \(decoded.count / 2) frames, the inputs hold \(joined.count / 2)", sourceLocation: sourceLocation)
    #expect(decoded == joined, "\(output) is not its inputs joined", sourceLocation: sourceLocation)
  }

  /// The bytes of `name`, or empty when it is missing.
  func bytes(_ name: String) -> Data { FileManager.default.contents(atPath: file(name)) ?? Data() }
}

/// A manifest item's JSON text: `inputs` into `output`, with `options` as written JSON members.
func batchItem(_ inputs: [String], _ output: String, _ options: String = "") -> String {
  let list = inputs.map { "\"\($0)\"" }.joined(separator: ", ")
  return "{\"inputs\": [\(list)], \"output\": \"\(output)\"\(options.isEmpty ? "" : ", " + options)}"
}
