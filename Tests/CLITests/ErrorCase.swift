import Testing

/// A command that must fail, the files its folder holds, and the exact lines it must print.
struct ErrorCase: Sendable, CustomTestStringConvertible {
  var id: String
  var files: [FixtureFile]
  var arguments: [String]
  /// Standard error, exactly; may hold the fixture's placeholders, such as `{decoded}`.
  var stderr: String

  /// `arguments` are written as one string, split at spaces (no name in the table holds one).
  init(_ id: String, files: [FixtureFile] = [], _ arguments: String, _ stderr: String) {
    self.id = id
    self.files = files
    self.arguments = ["render"] + arguments.split(separator: " ").map(String.init)
    self.stderr = stderr
  }

  var testDescription: String { id }
}
