import Foundation
import Rendering

/// The DJ's set of issue 47: nine tracks of the hedgewars soundtrack, crossfaded over 16 bars with
/// their beats matched, in harmonic order.
public enum RealDJSet {
  /// The tracks, in the playlist's order.
  public static let names = ["Art", "EarthRise", "bath", "Jungle", "Fruit", "Olympics", "Beach", "olympics_sd", "Golf"]

  /// The facts of the set's tracks, kept for the test run: every test of the set analyses them once.
  public static let cache = FactsCache(folder: TemporaryFolder("segue-real-dj-set-cache").file("cache"))

  /// The set's plan, its facts kept in `cache` (none: analysed afresh).
  public static func plan(cache: FactsCache? = RealDJSet.cache) throws -> PlanReport {
    let folder = TemporaryFolder("segue-real-dj-set")
    let entries = try names.map { "  - { file: \"\(try RealMusic.path("\($0).ogg"))\" }\n" }.joined()
    try ("version: 1\ndefaults: { crossfade: 16bars, beatmatch: true }\nentries:\n" + entries).write(
      toFile: folder.file("set.yaml"), atomically: true, encoding: .utf8)
    var choices = MixChoices()
    choices.harmonicOrder = true
    var request = try RenderRequest(arguments: [folder.file("set.yaml")], outputPath: "", choices: choices)
    request.cache = cache
    return PlanReport(try Renderer.plan(request))
  }
}
