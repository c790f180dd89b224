import AudioTestSupport
import Foundation
import Testing

/// `scripts/bootstrap render` (what `scripts/demo` runs) installs only what building and rendering
/// need, `scripts/bootstrap test` the test tools too, and README names each set (issue 48).
@Suite struct BootstrapTests {
  /// What building and rendering need on Debian: FFmpeg's, aubio's and Rubber Band's libraries.
  static let renderPackages = [
    "pkg-config", "libavformat-dev", "libavcodec-dev", "libswresample-dev", "libavutil-dev", "libaubio-dev", "librubberband-dev",
  ]

  /// The packages `scripts/bootstrap` asks apt-get for with `set` on a machine that has none: its
  /// `dpkg-query`, `apt-get` and `sudo` are stand-ins that report nothing installed and write down
  /// what they were asked.
  static func packagesInstalled(_ set: String) throws -> [String] {
    let bin = TemporaryFolder("segue-bootstrap")
    let log = bin.file("apt.log")
    let standIns = [
      "dpkg-query": "exit 1",
      "apt-get": "echo \"$*\" >> '\(log)'",
      "sudo": "exec \"$@\"",
    ]
    for (name, body) in standIns {
      try Data("#!/bin/sh\n\(body)\n".utf8).write(to: URL(fileURLWithPath: bin.file(name)))
      try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: bin.file(name))
    }
    let script = DocumentationTests.root.appendingPathComponent("scripts/bootstrap").path
    let result = try runSegue(
      arguments: [], in: bin.path, through: ["/bin/sh", "-c", "PATH='\(bin.path)':\"$PATH\" exec bash '\(script)' \(set)", "sh"])
    try #require(result.status == 0, "\(result.stderr)")
    let install = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").first { $0.hasPrefix("install") }
    return try #require(install).split(separator: " ").map(String.init).filter { !$0.hasPrefix("-") && $0 != "install" }
  }

  @Test func theDemoInstallsOnlyWhatRenderingNeeds() throws {
    try #require(FileManager.default.fileExists(atPath: "/usr/bin/dpkg-query"), "a Debian machine")
    #expect(try Self.packagesInstalled("render") == Self.renderPackages)
    let everything = try Self.packagesInstalled("test")
    #expect(Array(everything.prefix(Self.renderPackages.count)) == Self.renderPackages)
    for judge in ["libebur128-dev", "ffmpeg", "sox", "flac", "chromium", "slurm-wlm", "hedgewars-data"] {
      #expect(everything.contains(judge), "the tests' \(judge)")
    }
    // README's first screen names both sets, package by package.
    let readme = try String(contentsOf: DocumentationTests.root.appendingPathComponent("README.md"), encoding: .utf8)
    let firstScreen = String(readme.prefix(upTo: try #require(readme.range(of: "## Common recipes")).lowerBound))
    for package in everything { #expect(firstScreen.contains("`\(package)`"), "README's first screen does not name \(package)") }
    let demo = try String(contentsOf: DocumentationTests.root.appendingPathComponent("scripts/demo"), encoding: .utf8)
    #expect(demo.contains("scripts/bootstrap render\n"))
  }

  /// `scripts/bootstrap package` installs what building Segue needs and the packaging tools the
  /// package, the image and the install check use, and nothing the tests need; each script that
  /// packages asks for that set (issue 49).
  @Test func packagingInstallsItsToolsAndNotTheTests() throws {
    try #require(FileManager.default.fileExists(atPath: "/usr/bin/dpkg-query"), "a Debian machine")
    let packaging = try Self.packagesInstalled("package")
    #expect(Array(packaging.prefix(Self.renderPackages.count)) == Self.renderPackages)
    #expect(Array(packaging.dropFirst(Self.renderPackages.count)) == ["libxml2-dev", "dpkg-dev", "lintian", "mmdebstrap", "umoci", "skopeo", "python3", "ffmpeg"])
    let readme = try String(contentsOf: DocumentationTests.root.appendingPathComponent("README.md"), encoding: .utf8)
    let firstScreen = String(readme.prefix(upTo: try #require(readme.range(of: "## Common recipes")).lowerBound))
    for package in packaging { #expect(firstScreen.contains("`\(package)`"), "README's first screen does not name \(package)") }
    for script in ["package", "image", "check-install"] {
      let text = try String(contentsOf: DocumentationTests.root.appendingPathComponent("scripts/\(script)"), encoding: .utf8)
      #expect(text.contains("scripts/bootstrap package\n"), "scripts/\(script)")
    }
  }
}
