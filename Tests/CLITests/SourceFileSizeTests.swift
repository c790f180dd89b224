import Foundation
import Testing

/// The house rule that keeps files readable: no Swift file in the package (sources, tests,
/// benchmarks) is longer than `mostLines`; a file that grows past it is split by what its parts do.
@Suite struct SourceFileSizeTests {
  static let mostLines = 350

  @Test func noSwiftFileIsLongerThanTheRule() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardizedFileURL
    var longer: [String] = []
    for folder in ["Sources", "Tests", "Benchmarks"] {
      let base = root.appendingPathComponent(folder)
      let paths = try #require(FileManager.default.subpathsOfDirectory(atPath: base.path) as [String]?)
      for path in paths where path.hasSuffix(".swift") {
        let text = try String(contentsOf: base.appendingPathComponent(path), encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count - (text.hasSuffix("\n") ? 1 : 0)
        if lines > Self.mostLines { longer.append("\(folder)/\(path): \(lines) lines") }
      }
    }
    #expect(longer.isEmpty, "longer than \(Self.mostLines) lines: \(longer)")
  }
}
