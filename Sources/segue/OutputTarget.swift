import ArgumentParser

/// Where `render` and the previews write: the file, and whether it may replace one.
struct OutputTarget: ParsableArguments {
  @Option(name: .shortAndLong, help: "The file to write.")
  var output: String

  @Flag(name: [.customShort("y"), .long], help: "Replace output files that exist.")
  var overwrite = false
}
