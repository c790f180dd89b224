import AudioTestSupport
import Foundation
import Rendering
import Testing

/// An input's facts are gathered by one decode at most, kept in the cache, and read from there.
@Suite struct SourceFactsTests {
  /// Ten lossy tracks (MP3, Ogg Vorbis, AAC in M4A), crossfaded with `auto` curves and verified:
  /// each input is decoded once for its facts; a second plan of the same playlist decodes nothing.
  @Test func tenLossyTracksAreDecodedOnceForTheirFactsAndThenNotAtAll() throws {
    let folder = TemporaryFolder("segue-facts")
    let cache = FactsCache(folder: folder.file("cache"))
    let kinds = ["mp3", "ogg", "m4a"]
    var inputs: [InputSource] = []
    for index in 0..<10 {
      let path = folder.file("t\(index).\(kinds[index % 3])")
      // Odd lengths, each a different tone.
      try FFmpegCLI.make(["-f", "lavfi", "-i", "sine=f=\(300 + 37 * index):d=\(3.0 + Double(index) * 0.137)", "-ac", "2", path])
      inputs.append(InputSource(path: path))
    }
    let request = RenderRequest(
      inputs: inputs, outputPath: folder.file("mix.flac"), mix: MixOptions(crossfade: 1, curve: .auto), verify: true, cache: cache)
    let report = try Renderer.render(request)
    #expect(report.verifiedFrameCount == report.outputFrameCount)
    #expect(report.plan.notes.filter { $0.contains("auto picked") }.count == 9)
    #expect(inputs.map { FactsDecodes.count(for: $0.path) } == Array(repeating: 1, count: 10))
    let plan = try Renderer.plan(request).plan
    #expect(inputs.map { FactsDecodes.count(for: $0.path) } == Array(repeating: 1, count: 10), "the second plan decoded again")
    #expect(plan.timeline == report.timeline)
    #expect(cache.info().entries == 10)
  }

  /// A track crossfaded into the continuation of itself is told apart from an unrelated one by
  /// the cached edges alone.
  @Test func autoCurvesReadTheCachedEdges() throws {
    let folder = TemporaryFolder("segue-edges")
    let fixture = MixFixture(sampleRate: 44_100)
    let signal = Signal.noise(channels: 1, frames: 300_007, amplitude: 0.3, seed: 5)
    let overlap = 44_100
    let a = try fixture.track("a", Array(signal[0..<150_001]))
    let b = try fixture.track("b", Array(signal[(150_001 - overlap)...]))
    let c = try fixture.track("c", Signal.noise(channels: 1, frames: 150_001, amplitude: 0.3, seed: 9))
    let cache = FactsCache(folder: folder.file("cache"))
    let mix = MixOptions(crossfade: 1, curve: .auto)
    let same = try Renderer.plan(RenderRequest(inputs: [a, b], outputPath: "", mix: mix, cache: cache)).plan
    let unrelated = try Renderer.plan(RenderRequest(inputs: [a, c], outputPath: "", mix: mix, cache: cache)).plan
    #expect(same.notes.contains { $0.contains("auto picked linear") }, "\(same.notes)")
    #expect(unrelated.notes.contains { $0.contains("auto picked equal-power") }, "\(unrelated.notes)")
    // WAV states its length and can be entered exactly: only its edges were decoded, once.
    #expect([a, b, c].map { FactsDecodes.count(for: $0.path) } == [1, 1, 1])
  }

  /// Touching a file, replacing it, or a damaged cache entry: the facts are gathered again.
  @Test func staleOrDamagedEntriesAreNotUsed() throws {
    let folder = TemporaryFolder("segue-stale")
    let cache = FactsCache(folder: folder.file("cache"))
    // An MP3 without a Xing header states no length: only a decode gives it.
    let path = folder.file("t.mp3")
    try FFmpegCLI.make(["-f", "lavfi", "-i", "sine=d=1.234", "-write_xing", "0", path])
    let request = RenderRequest(inputs: [InputSource(path: path)], outputPath: "", cache: cache)
    _ = try Renderer.plan(request)
    _ = try Renderer.plan(request)
    #expect(FactsDecodes.count(for: path) == 1)
    // Same size and contents, a new modification time.
    try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: 60)], ofItemAtPath: path)
    _ = try Renderer.plan(request)
    #expect(FactsDecodes.count(for: path) == 2)
    // Replaced by another file (a new inode).
    try FFmpegCLI.make(["-f", "lavfi", "-i", "sine=d=2.345", "-write_xing", "0", folder.file("u.mp3")])
    try FileManager.default.removeItem(atPath: path)
    try FileManager.default.moveItem(atPath: folder.file("u.mp3"), toPath: path)
    let replaced = try Renderer.plan(request).plan
    #expect(FactsDecodes.count(for: path) == 3)
    // Without a header the encoder's and decoder's silence stays in (1105 + padding frames).
    #expect(abs(replaced.timeline.seconds - 2.345) < 0.1)
    // A damaged entry is noted, ignored and written again.
    let entries = try FileManager.default.contentsOfDirectory(atPath: folder.file("cache/v\(FactsCache.formatVersion)"))
    #expect(entries.count == 1)
    try Data("{not json".utf8).write(to: URL(fileURLWithPath: folder.file("cache/v\(FactsCache.formatVersion)/\(entries[0])")))
    let damaged = try Renderer.plan(request).plan
    #expect(damaged.notes.contains { $0.hasPrefix("cache: ignored a damaged entry for \(path)") }, "\(damaged.notes)")
    _ = try Renderer.plan(request)
    #expect(FactsDecodes.count(for: path) == 4)
  }

  /// A cache folder that cannot be created is noted, and the render goes on.
  @Test func anUnwritableCacheIsNotedNotFatal() throws {
    let folder = TemporaryFolder("segue-nocache")
    let blocker = folder.file("file")
    try Data("x".utf8).write(to: URL(fileURLWithPath: blocker))
    let fixture = MixFixture()
    let input = try fixture.constant("a", value: 0.5, frames: 1000)
    let plan = try Renderer.plan(RenderRequest(inputs: [input], outputPath: "", cache: FactsCache(folder: blocker + "/cache"))).plan
    #expect(plan.notes.contains { $0.hasPrefix("cache: cannot write to \(blocker)/cache") }, "\(plan.notes)")
  }
}
