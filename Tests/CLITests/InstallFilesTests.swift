import AudioTestSupport
import Foundation
import Testing

/// What the Debian package installs beside the program, made from the built `segue` as
/// `scripts/package` makes it: the manual page (read back by groff, which checks mdoc) and the
/// bash completion (run by bash). `scripts/check-install` reads both back again inside a clean
/// Debian root, through man-db and bash-completion (issue 49).
@Suite struct InstallFilesTests {
  /// The manual page `scripts/manual` writes for the built `segue`.
  static func manual() throws -> String {
    let script = DocumentationTests.root.appendingPathComponent("scripts/manual").path
    let output = try FFmpegCLI.run("python3", [script, try SegueExecutable.url().path, "2026-11-29"])
    try #require(output.status == 0, "\(output.stderr)")
    return String(decoding: output.stdout, as: UTF8.self)
  }

  /// `page` as man renders it for a terminal, and groff's warnings about it.
  static func rendered(_ page: String) throws -> (text: String, warnings: String) {
    let folder = TemporaryFolder("segue-manual")
    try page.write(toFile: folder.file("segue.1"), atomically: true, encoding: .utf8)
    let output = try FFmpegCLI.run("groff", ["-mandoc", "-Tutf8", "-ww", "-P", "-cbou", folder.file("segue.1")])
    return (String(decoding: output.stdout, as: UTF8.self), output.stderr)
  }

  /// The long options `text` names, whole (`--trim-margin`, never `--trim` within it).
  static func options(in text: String) -> Set<String> {
    Set(text.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "-") }).filter { $0.hasPrefix("--") && $0.count > 2 }.map(String.init))
  }

  @Test func manualHasASectionPerSubcommandAndEveryOption() throws {
    let page = try Self.manual()
    let (text, warnings) = try Self.rendered(page)
    #expect(warnings.isEmpty, "groff: \(warnings)")
    #expect(text.contains("November 29, 2026"), "the date given, the commit's")
    let headings = Set(text.split(separator: "\n").filter { !$0.hasPrefix(" ") }.map(String.init))
    let subsections = Set(text.split(separator: "\n").filter { $0.hasPrefix("   ") && !$0.hasPrefix("    ") }.map { $0.trimmingCharacters(in: .whitespaces) })
    for command in ["RENDER", "BATCH", "STRETCH", "PLAN", "PREVIEW", "INSPECT", "ANALYZE", "WAVEFORM", "CACHE", "VERSION"] {
      #expect(headings.contains(command), "a section for \(command.lowercased())")
    }
    for nested in ["PREVIEW TRANSITIONS", "PREVIEW SNIPPETS", "CACHE INFO", "CACHE CLEAR"] {
      #expect(subsections.contains(nested), "a subsection for \(nested.lowercased())")
    }
    for section in ["EXIT STATUS", "ENVIRONMENT", "EXAMPLES", "SEE ALSO"] { #expect(headings.contains(section)) }
    // Every option `render --help` lists is in the page, under render's section.
    let help = try runSegue(arguments: ["render", "--help"], in: NSTemporaryDirectory()).stdout
    let renderSection = try #require(text.range(of: "\nRENDER\n").flatMap { start in text[start.upperBound...].range(of: "\nBATCH\n").map { text[start.upperBound..<$0.lowerBound] } })
    let options = Self.options(in: help)
    let named = Self.options(in: String(renderSection))
    #expect(options.count > 40, "\(options)")
    for option in options.subtracting(["--help", "--version"]) {
      let present = named.contains(option)
      #expect(present, "render's section names \(option)")
    }
  }

  @Test func bashCompletesSubcommandsAndOptions() throws {
    let segue = try SegueExecutable.url().path
    for (line, expected) in [("segue ren", "render"), ("segue render --crossf", "--crossfade"), ("segue cache cl", "clear")] {
      let words = line.split(separator: " ").map { "'\($0)'" }.joined(separator: " ")
      let script = """
        source <('\(segue)' --generate-completion-script bash)
        COMP_WORDS=(\(words)); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); COMP_LINE='\(line)'; COMP_POINT=${#COMP_LINE}
        function=$(complete -p segue | sed -E 's/.* -F ([^ ]+) .*/\\1/')
        "$function" segue "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
        echo "${COMPREPLY[*]}"
        """
      let output = try FFmpegCLI.run("bash", ["-c", script])
      #expect(String(decoding: output.stdout, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) == expected, "\(line): \(output.stderr)")
    }
  }
}
