/// Four tracks of known, odd lengths (10 seconds in all at 44.1 kHz), each a different pitch.
enum Album {
  /// File names and sample frames, in playing order.
  static let tracks: [(name: String, frames: Int)] = [
    ("01 one.flac", 100_003), ("02 two.flac", 120_000), ("03 three.flac", 110_000), ("04 four.flac", 110_997),
  ]

  /// The tracks' total length: 441000 frames.
  static let frames = tracks.map(\.frames).reduce(0, +)

  /// Makes the tracks in `fixture`, at `paths` (one per track; by default their names).
  static func make(in fixture: Fixture, at paths: [String] = tracks.map(\.name)) throws {
    try fixture.tones(zip(paths, tracks).enumerated().map { index, pair in (pair.0, pair.1.frames, 440 + 110 * index) })
  }

  /// What FFmpeg decodes from the files at `paths`, one after another.
  static func samples(in fixture: Fixture, at paths: [String] = tracks.map(\.name)) throws -> [Int16] {
    try paths.flatMap { try fixture.samples($0) }
  }
}
