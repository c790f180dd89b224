import AudioTestSupport
import Containers
import Foundation
import Testing

/// Files the writer refuses, each with the message the user reads; the file is left as it was,
/// and no temporary file is left beside it.
@Suite("ReplayGain tag writer errors")
struct ReplayGainErrorTests {
  /// A file to refuse: its name, how its bytes are made (from files the ffmpeg CLI makes in a
  /// folder of their own), and the message, with PATH standing for the file's path.
  struct BadFile: Sendable, CustomStringConvertible {
    var description: String
    var name: String
    var bytes: @Sendable (TemporaryFolder) throws -> [UInt8]
    var message: String
  }

  static func made(_ format: ReplayGainFormat, _ folder: TemporaryFolder, extra: [String] = []) throws -> [UInt8] {
    ReplayGainTestFiles.bytes(try ReplayGainTestFiles.make(format, in: folder, extra: extra))
  }

  /// A made file of `format` with `change` applied to its bytes.
  static func patched(_ format: ReplayGainFormat, _ folder: TemporaryFolder, _ change: (inout [UInt8]) -> Void) throws -> [UInt8] {
    var bytes = try made(format, folder)
    change(&bytes)
    return bytes
  }

  /// Where FFmpeg's FLAC padding block starts: after "fLaC", STREAMINFO and VORBIS_COMMENT.
  static func paddingOffset(_ flac: [UInt8]) -> Int {
    4 + ReplayGainFLACTests.blocks(flac).blocks.prefix { $0.type != 1 }.reduce(0) { $0 + 4 + $1.body.count }
  }

  static let notTaggable = "cannot write ReplayGain tags into PATH: it is not a FLAC, Ogg Vorbis, Opus, MP3 or MP4 file"
  static let id3Header = Array("ID3".utf8) + [4, 0, 0, 0, 0, 0, 20] + Array("TIT2".utf8) + [0, 0, 0, 2, 0, 0, 0, 0x41]
    + [UInt8](repeating: 0, count: 8)

  static let cases: [BadFile] = [
    BadFile(description: "a WAV file", name: "sine.wav", bytes: { folder in
      let path = folder.file("sine.wav")
      try FFmpegCLI.make(["-f", "lavfi", "-i", "sine=d=0.1", path])
      return ReplayGainTestFiles.bytes(path)
    }, message: notTaggable),
    BadFile(description: "text", name: "notes.mp3", bytes: { _ in Array("hello\n".utf8) }, message: notTaggable),
    BadFile(description: "an empty file", name: "empty.flac", bytes: { _ in [] }, message: notTaggable),
    BadFile(description: "Ogg FLAC", name: "flac.oga", bytes: { try made(.flac, $0, extra: ["-c:a", "flac", "-f", "ogg"]) },
      message: "cannot write ReplayGain tags into PATH: it is an Ogg file holding neither Vorbis nor Opus audio"),
    BadFile(description: "FLAC cut inside its padding", name: "cut.flac", bytes: { folder in
      Array(try made(.flac, folder).prefix(1000))
    }, message: "PATH is damaged: its metadata block at byte 129 runs past the end of the file"),
    BadFile(description: "FLAC whose comment count runs past the block", name: "count.flac", bytes: {
      try patched(.flac, $0) { flac in
        // STREAMINFO, then the comment's header and its vendor string ("Lavf59.27.100" or the like).
        let vendorLength = Int(flac[46]) | Int(flac[47]) << 8
        flac.replaceSubrange(46 + 4 + vendorLength..<46 + 8 + vendorLength, with: [0xFF, 0xFF, 0xFF, 0x7F])
      }
    }, message: "PATH is damaged: its VORBIS_COMMENT block states lengths past its end"),
    BadFile(description: "FLAC without STREAMINFO first", name: "order.flac", bytes: { try patched(.flac, $0) { $0[4] = 2 } },
      message: "PATH is damaged: its first metadata block is not a STREAMINFO block"),
    BadFile(description: "FLAC whose blocks claim too little", name: "short.flac", bytes: { try patched(.flac, $0) { flac in flac[paddingOffset(flac) + 2] -= 1 } }, message: "PATH is damaged: no audio frame follows its metadata blocks at byte 8069"),
    BadFile(description: "Ogg Vorbis with a damaged comment page", name: "crc.ogg", bytes: { try patched(.vorbis, $0) { $0[100] ^= 0x20 } },
      message: "PATH is damaged: its Ogg page at byte 58 fails its checksum"),
    BadFile(description: "Ogg Vorbis cut inside its headers", name: "cut.ogg", bytes: { folder in
      Array(try made(.vorbis, folder).prefix(1000))
    }, message: "PATH is damaged: its Ogg page at byte 58 is cut off by the end of the file"),
    BadFile(description: "Opus whose second page is not a page", name: "lost.opus", bytes: { try patched(.opus, $0) { $0[47] = 0 } },
      message: "PATH is damaged: no Ogg page starts at byte 47"),
    BadFile(description: "MP3 cut inside its ID3v2 tag", name: "cut.mp3", bytes: { folder in
      Array(try made(.mp3, folder).prefix(30))
    }, message: "PATH is damaged: its ID3v2 tag runs past the end of the file"),
    BadFile(description: "an ID3v2 tag before FLAC", name: "tagged.flac", bytes: { folder in
      id3Header + (try made(.flac, folder))
    }, message: "cannot write ReplayGain tags into PATH: no MPEG audio frame follows its ID3v2 tag"),
    BadFile(description: "an ID3v2 tag alone", name: "tag.mp3", bytes: { _ in id3Header },
      message: "PATH is damaged: no audio follows its ID3v2 tag"),
    BadFile(description: "an ID3v2.2 tag", name: "old.mp3", bytes: { try patched(.mp3, $0) { $0[3] = 2 } },
      message: "cannot write ReplayGain tags into PATH: its ID3v2.2 tag is of a version the writer does not change"),
    BadFile(description: "an ID3v2 frame longer than its tag", name: "frame.mp3", bytes: { try patched(.mp3, $0) { $0[17] = 0x7F } },
      message: "PATH is damaged: its ID3v2 tag holds neither a frame nor padding at byte 10"),
    BadFile(description: "MP4 without its moov", name: "cut.m4a", bytes: { folder in
      let m4a = try made(.m4a, folder)
      return Array(m4a.prefix(m4a.count - 2000))
    }, message: "PATH is not an MP4 file: it has no 'moov' box"),
  ]

  @Test(arguments: cases)
  func refused(_ bad: BadFile) throws {
    let sources = TemporaryFolder("replaygain-sources")
    let folder = TemporaryFolder("replaygain-bad")
    let path = folder.file(bad.name)
    let bytes = try bad.bytes(sources)
    _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
    let error = #expect(throws: ReplayGainTagError.self) {
      try ReplayGainTagWriter.write(ReplayGainTestFiles.values, toFileAt: path)
    }
    #expect(error?.description == bad.message.replacingOccurrences(of: "PATH", with: path))
    #expect(ReplayGainTestFiles.bytes(path) == bytes, "the file is left as it was")
    #expect(folder.contents() == [bad.name], "no temporary file is left")
  }

  @Test func missingFileAndFolder() throws {
    let folder = TemporaryFolder("replaygain-bad")
    let missing = folder.file("missing.flac")
    #expect(throws: ReplayGainTagError.unreadable(path: missing, reason: "there is no such file")) {
      try ReplayGainTagWriter.write(ReplayGainTestFiles.values, toFileAt: missing)
    }
    let error = #expect(throws: ReplayGainTagError.self) {
      try ReplayGainTagWriter.write(ReplayGainTestFiles.values, toFileAt: folder.path)
    }
    #expect(error?.description == "cannot read \(folder.path): it is a folder")
  }

  /// Values that are no numbers are refused before the file is opened.
  @Test(arguments: [
    (ReplayGainValues(track: .init(gain: .infinity, peak: 0)), "the track gain is not finite (silent audio has no loudness)"),
    (ReplayGainValues(track: .init(gain: 0, peak: .nan)), "the track peak is nan"),
    (ReplayGainValues(track: .init(gain: 0, peak: 1), album: .init(gain: 0, peak: -1)), "the album peak is -1.0"),
  ])
  func valuesThatAreNoNumbers(values: ReplayGainValues, reason: String) throws {
    let folder = TemporaryFolder("replaygain-bad")
    let path = try ReplayGainTestFiles.make(.flac, in: folder)
    let bytes = ReplayGainTestFiles.bytes(path)
    let error = #expect(throws: ReplayGainTagError.self) { try ReplayGainTagWriter.write(values, toFileAt: path) }
    #expect(error?.description == "cannot write ReplayGain tags into \(path): \(reason)")
    #expect(ReplayGainTestFiles.bytes(path) == bytes)
  }

  /// Every format cut short at many places, and with a byte changed at many places, in its
  /// headers: the writer either tags the file or refuses it, never crashes, and a refused file
  /// is left as it was.
  @Test(arguments: ReplayGainFormat.all)
  func cutAndDamagedHeaders(format: ReplayGainFormat) throws {
    let sources = TemporaryFolder("replaygain-sources")
    let original = try Self.made(format, sources)
    let folder = TemporaryFolder("replaygain-hostile")
    let path = folder.file(format.fileName)
    let reach = min(original.count, 9000)
    let cut = stride(from: 0, to: reach, by: 97).map { Array(original.prefix($0)) }
    let damaged = stride(from: 0, to: reach, by: 89).map { offset in
      var bytes = original
      bytes[offset] ^= 0x5A
      return bytes
    }
    for bytes in cut + damaged {
      _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
      do {
        try ReplayGainTagWriter.write(ReplayGainTestFiles.values, toFileAt: path)
      } catch {
        #expect(ReplayGainTestFiles.bytes(path) == bytes, "\(error)")
      }
      #expect(folder.contents() == [format.fileName])
    }
  }
}
