import AudioTestSupport
import Composition
import Foundation
import Playlists
import Rendering
import Testing

/// Every note that states a length says what the plan does: an explicit crossfade sets every
/// overlap (auto-cue decides only where), and a beat-matched overlap moved to a downbeat says so.
@Suite struct NotesAgreeWithPlanTests {
  static let rate = 44100

  /// The overlap of each transition in `plan`, in frames.
  static func overlaps(_ plan: Plan) -> [Int64] {
    let tracks = plan.timeline.clips.filter { $0.layer == .track }
    var ends: [Int: Int64] = [:], starts: [Int: Int64] = [:]
    for clip in tracks {
      ends[clip.source] = max(ends[clip.source] ?? 0, clip.end)
      starts[clip.source] = min(starts[clip.source] ?? .max, clip.start)
    }
    return (0..<(ends.count - 1)).map { ends[$0]! - starts[$0 + 1]! }
  }

  /// Seconds written `1.234 s` or `0:01.234` in `text`, in order.
  static func times(in text: String) -> [Double] {
    let pattern = try! NSRegularExpression(pattern: #"(\d+):(\d\d\.\d{3})|(\d+\.\d+) s\b"#)
    return pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)).map { match in
      let group = { (index: Int) in Range(match.range(at: index), in: text).map { String(text[$0]) } }
      if let minutes = group(1), let seconds = group(2) { return Double(minutes)! * 60 + Double(seconds)! }
      return Double(group(3)!)!
    }
  }

  /// The plan of two click tracks at `first` and `second` BPM (the first `seconds` long) with
  /// 32-beat crossfades and what `change` adds.
  static func countedPlan(_ first: Double, _ second: Double, seconds: Double, change: (inout MixOptions) -> Void) throws -> MixPlan {
    let folder = TemporaryFolder("segue-counted-notes")
    let paths = [try BeatMatchPlanTests.beats(first, folder, seconds: seconds), try BeatMatchPlanTests.beats(second, folder)]
    var mix = MixOptions()
    mix.crossfadeBeats = 32
    change(&mix)
    return try Renderer.plan(RenderRequest(inputs: paths.map { InputSource(path: $0) }, outputPath: folder.file("x.wav"), mix: mix, cache: nil))
  }

  @Test(arguments: [4.0, 0.5])
  func anExplicitCrossfadeSetsEveryOverlapUnderAutoCue(seconds: Double) throws {
    let folder = TemporaryFolder("segue-cue-crossfade")
    let paths = try [(124.0, 31.3), (126.0, 27.1), (128.0, 29.7)].map { bpm, length in
      try BeatMatchPlanTests.write(BeatTrack(beatsPerMinute: bpm, firstBeat: 0.1717, seconds: length).samples, folder.file("\(bpm).flac"))
    }
    var mix = MixOptions(crossfade: seconds)
    mix.silence.autoCue = true
    let mixPlan = try Renderer.plan(RenderRequest(inputs: paths.map { InputSource(path: $0) }, outputPath: folder.file("x.wav"), mix: mix, cache: nil))
    #expect(Self.overlaps(mixPlan.plan) == [Int64](repeating: Int64((seconds * Double(Self.rate)).rounded()), count: 2))
    #expect(mixPlan.edits.allSatisfy { $0?.reasons.contains { $0.hasPrefix("cue-in at") } == true }, "every track has its cue points")
    #expect(!mixPlan.plan.notes.contains { $0.contains("before cue-out") }, "\(mixPlan.plan.notes)")
    #expect(mixPlan.plan.notes.contains("--auto-cue places each track's cue points; the crossfade given sets every overlap's length"))
  }

  @Test func aCountedCrossfadeUnderAutoCueLastsItsBeats() throws {
    let mixPlan = try Self.countedPlan(124, 126, seconds: 41.3) { $0.silence.autoCue = true }
    let overlap = try #require(Self.overlaps(mixPlan.plan).first)
    #expect(abs(Double(overlap) - 32 * 60 / 124 * Double(Self.rate)) <= 3, "\(overlap)")
    let crossfadeNotes = mixPlan.plan.notes.filter { $0.contains("a crossfade of 8 bars") }
    #expect(crossfadeNotes.count == 1, "\(mixPlan.plan.notes)")
    for note in crossfadeNotes {
      #expect(Self.times(in: note).allSatisfy { abs($0 * Double(Self.rate) - Double(overlap)) <= 0.5 * Double(Self.rate) / 1000 + 1 }, "\(note)")
    }
  }

  /// Beat matching moves the overlap to where the incoming track's first downbeat meets a downbeat
  /// of the outgoing one: the note gives the overlap the plan has, and the counted note what was asked.
  @Test func aBeatMatchedOverlapSaysItsLength() throws {
    let mixPlan = try Self.countedPlan(126, 128, seconds: 49.37) { $0.beatMatching.enabled = true }
    guard case .crossfade(let crossfade) = mixPlan.plan.transitions[0].transition else { Issue.record("no crossfade"); return }
    let matched = try #require(mixPlan.plan.notes.first { $0.contains("beats matched") })
    let asked = Int64((32 * 60 / 126 * Double(Self.rate)).rounded())
    try #require(abs(crossfade.overlap - asked) > 2, "this track's downbeats should move the overlap")
    let said = Self.times(in: matched).map { Int64(($0 * Double(Self.rate)).rounded()) }
    #expect(said.contains { abs($0 - crossfade.overlap) <= 44 }, "the plan overlaps by \(crossfade.overlap) frames: \(matched)")
    #expect(said.contains { abs($0 - asked) <= 44 }, "the note gives what was asked: \(matched)")
    let counted = try #require(mixPlan.plan.notes.first { $0.contains("a crossfade of 8 bars") })
    #expect(counted.contains("asks for"), "\(counted)")
  }
}
