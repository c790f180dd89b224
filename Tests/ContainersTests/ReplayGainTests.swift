import AudioTestSupport
import Containers
import Foundation
import Testing

/// A format ReplayGain tags are written into, as the ffmpeg CLI makes it.
struct ReplayGainFormat: Sendable, CustomStringConvertible {
  var description: String
  var fileName: String
  var options: [String]

  var isOpus: Bool { fileName.hasSuffix(".opus") }

  static let flac = ReplayGainFormat(description: "FLAC", fileName: "sine.flac", options: [])
  static let vorbis = ReplayGainFormat(description: "Ogg Vorbis", fileName: "sine.ogg", options: ["-c:a", "libvorbis"])
  static let opus = ReplayGainFormat(description: "Opus", fileName: "sine.opus", options: ["-c:a", "libopus"])
  static let mp3 = ReplayGainFormat(description: "MP3", fileName: "sine.mp3", options: ["-c:a", "libmp3lame"])
  static let m4a = ReplayGainFormat(description: "M4A", fileName: "sine.m4a", options: ["-c:a", "aac"])
  static let all = [flac, vorbis, opus, mp3, m4a]
}

/// Files for the ReplayGain tests, and independent ways to read their tags back: ffprobe, the
/// raw bytes, and mutagen when Python has it.
enum ReplayGainTestFiles {
  /// A track and an album, with a peak that needs rounding.
  static let values = ReplayGainValues(
    track: .init(gain: -3.21, peak: 0.912345), album: .init(gain: -4.5, peak: 0.987_654_32))
  /// Another track, alone.
  static let otherValues = ReplayGainValues(track: .init(gain: 2.5, peak: 0.5))

  /// What `values` become in `format`, names in capitals.
  static func expectedTags(_ values: ReplayGainValues, in format: ReplayGainFormat) -> [String: String] {
    var tags: [String: String] = [:]
    if format.isOpus {
      // Relative to -23 LUFS instead of -18, in 1/256 dB.
      tags["R128_TRACK_GAIN"] = String(Int(((values.track.gain - 5) * 256).rounded()))
      if let album = values.album { tags["R128_ALBUM_GAIN"] = String(Int(((album.gain - 5) * 256).rounded())) }
    } else {
      tags["REPLAYGAIN_TRACK_GAIN"] = String(format: "%.2f dB", values.track.gain)
      tags["REPLAYGAIN_TRACK_PEAK"] = String(format: "%.6f", values.track.peak)
      if let album = values.album {
        tags["REPLAYGAIN_ALBUM_GAIN"] = String(format: "%.2f dB", album.gain)
        tags["REPLAYGAIN_ALBUM_PEAK"] = String(format: "%.6f", album.peak)
      }
    }
    return tags
  }

  /// Every name a ReplayGain or R128 tag of these tests may have.
  static let allNames = [
    "REPLAYGAIN_TRACK_GAIN", "REPLAYGAIN_TRACK_PEAK", "REPLAYGAIN_ALBUM_GAIN", "REPLAYGAIN_ALBUM_PEAK",
    "REPLAYGAIN_REFERENCE_LOUDNESS", "R128_TRACK_GAIN", "R128_ALBUM_GAIN",
  ]

  /// A 440 Hz sine of 100,003 frames at 44.1 kHz (odd, and no whole number of any codec's
  /// frames), titled, in `format`; `extra` goes before the output path.
  static func make(_ format: ReplayGainFormat, in folder: TemporaryFolder, extra: [String] = []) throws -> String {
    let path = folder.file(format.fileName)
    try FFmpegCLI.make(
      ["-f", "lavfi", "-i", "sine=f=440:r=44100,atrim=end_sample=100003", "-metadata", "title=A title", "-metadata",
       "artist=An artist"] + format.options + extra + [path])
    return path
  }

  /// The container's and the audio stream's tags as ffprobe reads them, names in capitals.
  static func probedTags(_ path: String) throws -> [String: String] {
    let output = try FFmpegCLI.run(
      "ffprobe", ["-v", "error", "-show_entries", "format_tags:stream_tags", "-of", "default=nw=1", path])
    guard output.status == 0 else { throw FFmpegCLI.Failure(message: "ffprobe \(path): \(output.stderr)") }
    let pairs = String(decoding: output.stdout, as: UTF8.self).split(separator: "\n").compactMap { line in
      let parts = line.dropFirst("TAG:".count).split(separator: "=", maxSplits: 1)
      return parts.count == 2 ? (parts[0].uppercased(), String(parts[1])) : nil
    }
    return Dictionary(pairs, uniquingKeysWith: { first, _ in first })
  }

  /// How often `name` occurs in the file's bytes, in any case.
  static func occurrences(of name: String, in path: String) -> Int {
    let bytes = [UInt8](FileManager.default.contents(atPath: path) ?? Data()).map { $0 >= 0x61 && $0 <= 0x7A ? $0 - 0x20 : $0 }
    let pattern = Array(name.uppercased().utf8)
    return bytes.indices.dropLast(pattern.count - 1).filter { bytes[$0..<$0 + pattern.count].elementsEqual(pattern) }.count
  }

  /// A Python that has mutagen: Debian's own, where `scripts/bootstrap` installs python3-mutagen
  /// (a `python3` earlier on the PATH, such as pyenv's, may lack it), else the PATH's.
  static let pythonWithMutagen = ["/usr/bin/python3", "python3"].first { (try? FFmpegCLI.run($0, ["-c", "import mutagen"]).status) == 0 }

  /// The tags `names` as mutagen reads them (values of a repeated tag joined by "|"); nil when
  /// no Python has mutagen, which on Linux (where bootstrap installs it) fails the test.
  static func mutagenTags(_ path: String, _ names: [String]) throws -> [String: String]? {
    guard let python = installedByBootstrap(pythonWithMutagen, "Python with mutagen") else { return nil }
    let script = """
      import sys, mutagen
      from mutagen.id3 import ID3
      from mutagen.mp4 import MP4Tags
      tags = mutagen.File(sys.argv[1]).tags
      for name in sys.argv[2:]:
          if isinstance(tags, ID3):
              values = [t for frame in tags.getall('TXXX:' + name) for t in frame.text]
          elif isinstance(tags, MP4Tags):
              values = [bytes(v).decode() for v in tags.get('----:com.apple.iTunes:' + name.lower(), [])]
          else:
              values = tags.get(name, [])
          if values:
              print(name + '=' + '|'.join(values))
      """
    let output = try FFmpegCLI.run(python, ["-c", script, path] + names)
    guard output.status == 0 else { throw FFmpegCLI.Failure(message: "mutagen \(path): \(output.stderr)") }
    let pairs = String(decoding: output.stdout, as: UTF8.self).split(separator: "\n").compactMap { line in
      let parts = line.split(separator: "=", maxSplits: 1)
      return parts.count == 2 ? (String(parts[0]), String(parts[1])) : nil
    }
    return Dictionary(pairs, uniquingKeysWith: { first, _ in first })
  }

  /// The ReplayGain tags among `tags`.
  static func replayGainTags(_ tags: [String: String]) -> [String: String] {
    tags.filter { allNames.contains($0.key) }
  }

  static func bytes(_ path: String) -> [UInt8] { [UInt8](FileManager.default.contents(atPath: path) ?? Data()) }
}

/// The writer on each format the ffmpeg CLI makes: ffprobe (and mutagen, when there) reads the
/// exact strings, the other tags survive, and the ffmpeg CLI decodes the same samples, without a
/// complaint, before and after.
@Suite("ReplayGain tag writer")
struct ReplayGainTests {
  let folder = TemporaryFolder("replaygain")

  @Test(arguments: ReplayGainFormat.all)
  func tagsAreReadBackAndTheAudioIsKept(format: ReplayGainFormat) throws {
    let path = try ReplayGainTestFiles.make(format, in: folder)
    let before = try FFmpegCLI.decodeFloat(path)
    try ReplayGainTagWriter.write(ReplayGainTestFiles.values, toFileAt: path)
    let tags = try ReplayGainTestFiles.probedTags(path)
    let expected = ReplayGainTestFiles.expectedTags(ReplayGainTestFiles.values, in: format)
    #expect(ReplayGainTestFiles.replayGainTags(tags) == expected)
    #expect(tags["TITLE"] == "A title" && tags["ARTIST"] == "An artist")
    #expect(try FFmpegCLI.decodeFloat(path) == before, "the audio changed")
    #expect(try FFmpegCLI.ffmpeg(["-i", path, "-f", "null", "-"]).stderr == "")
    if let read = try ReplayGainTestFiles.mutagenTags(path, ReplayGainTestFiles.allNames) {
      #expect(read == expected)
    }
    #expect(folder.contents() == [format.fileName], "no temporary file is left")
  }

  /// Writing again replaces every ReplayGain tag, whatever its case (FFmpeg wrote lower-case ones
  /// first), and drops album tags that the new values do not have; the same values again change
  /// no byte.
  @Test(arguments: ReplayGainFormat.all)
  func writingAgainReplaces(format: ReplayGainFormat) throws {
    let old = ["-metadata", "replaygain_track_gain=+1.00 dB", "-metadata", "REPLAYGAIN_REFERENCE_LOUDNESS=89.0 dB"]
    let path = try ReplayGainTestFiles.make(format, in: folder, extra: old)
    if format.fileName.hasSuffix(".m4a") {
      // FFmpeg writes no freeform items: the old tag is put there the way the gapless info is.
      try MP4TagWriter.setFreeformTags([MP4FreeformTag(name: "REPLAYGAIN_TRACK_GAIN", value: "+1.00 dB")], inFileAt: path)
    }
    try ReplayGainTagWriter.write(ReplayGainTestFiles.values, toFileAt: path)
    try ReplayGainTagWriter.write(ReplayGainTestFiles.otherValues, toFileAt: path)
    let expected = ReplayGainTestFiles.expectedTags(ReplayGainTestFiles.otherValues, in: format)
    #expect(ReplayGainTestFiles.replayGainTags(try ReplayGainTestFiles.probedTags(path)) == expected)
    for name in ReplayGainTestFiles.allNames {
      #expect(ReplayGainTestFiles.occurrences(of: name, in: path) == (expected[name] == nil ? 0 : 1), "\(name)")
    }
    let written = ReplayGainTestFiles.bytes(path)
    try ReplayGainTagWriter.write(ReplayGainTestFiles.otherValues, toFileAt: path)
    #expect(ReplayGainTestFiles.bytes(path) == written)
  }
}
