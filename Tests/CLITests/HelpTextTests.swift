import Foundation
import Testing

/// `render --help` reads as a person reads it: the output first, no broken sentence, each value
/// list once.
@Suite struct HelpTextTests {
  @Test func renderHelpPutsTheOutputFirstAndSaysEachThingOnce() throws {
    let fixture = try Fixture([])
    let help = try fixture.run(["render", "--help"])
    #expect(help.status == 0)
    let text = help.stdout
    let output = try #require(text.range(of: "-o, --output <output>"))
    let firstGroup = try #require(text.range(of: "TRANSITIONS:"))
    #expect(output.lowerBound < firstGroup.lowerBound, "the output is listed after the option groups")
    #expect(text.contains("in order. The output's format") || text.contains("in order. The output's\nformat"), "\(text.prefix(400))")
    #expect(!text.contains("in order. The\n"))
    let progress = text.components(separatedBy: "--progress <progress>")[1].components(separatedBy: "\n  -")[0]
    #expect(progress.components(separatedBy: "json").count == 2, "the values are listed more than once: \(progress)")
  }

  @Test func previewHelpIsHelp() throws {
    let help = try Fixture([]).run(["preview", "-h"])
    #expect(help.status == 0 && help.stdout.hasPrefix("OVERVIEW: Render only the transitions"), "\(help.stderr)")
  }
}
