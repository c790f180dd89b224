import Testing

/// `--overwrite` (`-y`): an existing output is replaced by the new render, in one step.
@Suite struct OverwriteTests {
  @Test(arguments: ["-y", "--overwrite"])
  func replacesAnExistingOutputWithTheNewRender(_ flag: String) throws {
    let fixture = try Fixture([.tone("old.flac", frames: 4410), .tone("new.flac", frames: 7777)])
    _ = try fixture.run(["render", "old.flac", "-o", "out.flac"])
    #expect(try fixture.samples("out.flac") == fixture.samples("old.flac"))

    let result = try fixture.run(["render", "new.flac", "-o", "out.flac", flag])

    expectSuccess(
      result,
      printing: ["Rendered 1 track to out.flac (flac, 44100 Hz, stereo)", "Length: 0:00.176 = 7777 sample frames"],
      in: fixture)
    #expect(try fixture.samples("out.flac") == fixture.samples("new.flac"))
    #expect(fixture.names() == ["new.flac", "old.flac", "out.flac"])
  }
}
