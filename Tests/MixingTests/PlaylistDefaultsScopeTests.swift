import AudioTestSupport
import Foundation
import Playlists
import Rendering
import Testing

/// A playlist's `defaults` join its own entries and nothing else: files and other playlists
/// named beside it on the same command line keep Segue's (or the command line's) joins.
@Suite struct PlaylistDefaultsScopeTests {
  static let yaml = "version: 1\ndefaults: {crossfade: 1.5}\nentries:\n  - file: a.flac\n  - file: b.flac\n  - file: c.flac\n"

  @Test func defaultsReachOnlyThePlaylistsOwnJoins() throws {
    let folder = TemporaryFolder()
    try Self.yaml.write(toFile: folder.file("set.yaml"), atomically: true, encoding: .utf8)

    let request = try RenderRequest(arguments: [folder.file("set.yaml"), "d.flac", "e.flac"], outputPath: "out.flac")

    let crossfade = TransitionSpec.crossfade(.symmetric(1.5, curve: .fixed(.equalPower)))
    #expect(request.inputs.map(\.options.transition) == [crossfade, crossfade, nil, nil, nil])
    #expect(request.mix.crossfade == nil)
  }

  @Test func aPlaylistAloneSetsTheMixsDefaultsAndTheCommandLineWins() throws {
    let folder = TemporaryFolder()
    try Self.yaml.write(toFile: folder.file("set.yaml"), atomically: true, encoding: .utf8)

    let alone = try RenderRequest(arguments: [folder.file("set.yaml")], outputPath: "out.flac")
    #expect(alone.mix.crossfade == 1.5)
    let overridden = try RenderRequest(
      arguments: [folder.file("set.yaml"), "d.flac"], outputPath: "out.flac", choices: MixChoices(gap: 2))
    #expect(overridden.inputs.allSatisfy { $0.options.transition == nil })
    #expect(overridden.mix.gap == 2)
  }
}
