import AudioTestSupport
import Foundation
import Rendering
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// The SVG picture of a mix is well-formed XML and names every track.
@Suite struct TimelinePictureTests {
  @Test func svgParsesAndNamesEveryTrack() throws {
    let fixture = MixFixture(sampleRate: 8000)
    let titles = ["Opening & <Intro>", "Second", "Third \"quoted\""]
    var inputs = try titles.indices.map { try fixture.track("t\($0)", Signal.noise(channels: 1, frames: 16_000 + $0, seed: UInt64($0))) }
    for index in inputs.indices { inputs[index].title = titles[index] }
    let plan = try Renderer.plan(RenderRequest(inputs: inputs, outputPath: "", mix: MixOptions(crossfade: 0.5))).plan
    let svg = try TimelinePicture(plan: plan, inputs: inputs).svg(peaksPerClip: 50)
    let collector = TextCollector()
    let parser = XMLParser(data: Data(svg.utf8))
    parser.delegate = collector
    #expect(parser.parse(), "not well-formed: \(parser.parserError.map(String.init(describing:)) ?? "")")
    #expect(collector.rootElement == "svg")
    for (index, title) in titles.enumerated() {
      #expect(collector.text.contains(String(format: "%02d", index + 1) + "  " + title))
    }
    #expect(collector.elements["polygon"] == 3, "one waveform per track")
    #expect(collector.elements["polyline"] == 4, "a fade curve on each side of both crossfades")
  }

  /// A render's picture (`render --svg`) adds the output's loudness as it went, in a row of its
  /// own: the momentary and the short-term curve, as many points as the meter measured steps.
  @Test func aRenderedMixsPictureShowsTheOutputsLoudness() throws {
    let fixture = MixFixture(sampleRate: 8000)
    let inputs = try (0..<2).map { try fixture.track("t\($0)", Signal.noise(channels: 1, frames: 40_003 + $0, seed: UInt64($0))) }
    var request = RenderRequest(inputs: inputs, outputPath: fixture.folder.file("mix.wav"), mix: MixOptions(crossfade: 0.5), cache: nil)
    request.picturePath = fixture.folder.file("mix.svg")
    let report = try Renderer.render(request)
    let svg = try String(contentsOfFile: fixture.folder.file("mix.svg"), encoding: .utf8)
    let collector = TextCollector()
    let parser = XMLParser(data: Data(svg.utf8))
    parser.delegate = collector
    #expect(parser.parse())
    #expect(collector.text.contains("output loudness"))
    #expect(collector.elements["polyline"] == 2 + 2, "two fade curves and the two loudness curves")
    let steps = try #require(report.loudnessOverTime).shortTerm.count
    #expect(steps == Int(report.outputFrameCount / 800), "one value per 100 ms measured")
    let plan = try TimelinePicture(Renderer.plan(request)).svg(peaksPerClip: 50)
    #expect(!plan.contains("output loudness"), "a plan has no output to measure")
  }
}

/// Gathers an XML document's text and counts its elements.
private final class TextCollector: NSObject, XMLParserDelegate {
  var text = ""
  var elements: [String: Int] = [:]
  var rootElement: String?

  func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
    if rootElement == nil { rootElement = name }
    elements[name, default: 0] += 1
    text += "\n"
  }

  func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }
}
