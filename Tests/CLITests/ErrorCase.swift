import Testing

/// A command that must fail, the files its folder holds, and the exact lines it must print.
struct ErrorCase: Sendable, CustomTestStringConvertible {
  var id: String
  var files: [FixtureFile]
  var arguments: [String]
  /// Standard error, exactly; may hold the fixture's placeholders, such as `{decoded}`.
  var stderr: String

  /// `arguments` follow `render`, written as one string (see `renderArguments(_:)`).
  init(_ id: String, files: [FixtureFile] = [], _ arguments: String, _ stderr: String) {
    self.id = id
    self.files = files
    self.arguments = renderArguments(arguments)
    self.stderr = stderr
  }

  var testDescription: String { id }
}

/// `segue render` followed by `line` split at spaces, for tables whose file names hold none.
func renderArguments(_ line: String) -> [String] {
  ["render"] + line.split(separator: " ").map(String.init)
}
