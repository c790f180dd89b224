// The Swift snippets of docs/library.md, each in a function, so the package compiles them as the
// guide shows them (DocumentationTests checks that they are the guide's, line for line) with
// nothing imported but Rendering.
import Rendering

/// "A render in a few lines".
func renderInAFewLines() throws {
  var request = try RenderRequest(arguments: ["album.m3u"], outputPath: "album.flac", choices: MixChoices(crossfade: 2))
  request.verify = true
  let report = try Renderer.render(request)
  print(report.timeline.frameCount, report.timeline.items.map(\.listedStart))
  print(RenderSummaryReport(report).json())
}

/// "An app's render".
func renderInAnApp() async {
  var choices = MixChoices(loudness: LoudnessSettings(target: .set(-16), truePeak: -1.5), silence: SilenceSettings(trim: true, maxPause: .set(1.5)))
  choices.crossfade = 0.5
  do {
    var request = try RenderRequest(arguments: ["chapters/"], outputPath: "book.m4b", choices: choices)
    request.cache = FactsCache.standard()
    let job = RenderJob.start(request)
    for await step in job.progress { print(Int(step.fraction * 100), "%") }
    let report = try await job.result()
    print(report.mix.formatReason ?? "", report.warnings)
  } catch .input(let input, let problem) {
    print("\(input.label): \(problem)")
  } catch .setting(.outOfRange(let setting, let value, let allowed)) {
    print("\(setting.name) must lie in \(allowed), not \(value)")
  } catch {
    print(error)
  }
}

/// "A mix built in code".
func mixBuiltInCode() throws {
  var mix = AudioComposition(sampleRate: 44_100)
  let a = try mix.insertTimeRange(0..<30, of: "a.flac", at: 0)
  let b = try mix.insertTimeRange(10..<40, of: "b.flac", at: 25)
  try mix.setVolumeRamp(clip: a, from: 1, to: 0, timeRange: 25..<30, curve: .equalPower)
  try mix.setVolumeRamp(clip: b, from: 0, to: 1, timeRange: 25..<30, curve: .equalPower)
  try mix.render(to: "mix.flac")
}
