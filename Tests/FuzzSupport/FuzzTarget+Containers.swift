import Containers
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The binary header readers as fuzz targets: each input is written to one file in a folder, and
/// the reader is given its path, as Segue gives it a file.
extension FuzzTarget {
  /// `MP3Structure.read(path:)` and the length it decides.
  public static func mp3(seeds: [[UInt8]], folder: String) -> FuzzTarget {
    file(name: "MP3Structure", seeds: seeds, path: folder + "/fuzz.mp3") { path in
      FuzzOutcome.of(optional: MP3Structure.read(path: path).map { ($0.length, $0.decodedSampleCount) })
    }
  }

  /// `MP4File.audioTrackFields(at:)` and the gapless span decided from them.
  public static func mp4(seeds: [[UInt8]], folder: String) -> FuzzTarget {
    file(name: "MP4File", seeds: seeds, path: folder + "/fuzz.m4a") { path in
      FuzzOutcome.of { () throws(MP4Error) in MP4GaplessDecision.span(for: try MP4File.audioTrackFields(at: path)) }
    }
  }

  /// `MP4TagWriter.setFreeformTags`: a gapless tag and a ReplayGain tag set in the file (the
  /// ReplayGain tags of any case removed first), then the audio track read back; the writer
  /// rewrites the `moov` and may move the media, so a malformed file must be refused, never
  /// written past its end.
  public static func mp4TagWriter(seeds: [[UInt8]], folder: String) -> FuzzTarget {
    let tags = [
      MP4FreeformTag.gapless(ITunesGaplessInfo(priming: 2_112, padding: 317, length: 441_001)),
      MP4FreeformTag(name: "replaygain_track_gain", value: "-7.31 dB"),
    ]
    return file(name: "MP4TagWriter", seeds: seeds, path: folder + "/fuzz-tags.m4a") { path in
      FuzzOutcome.of { () throws(MP4Error) in
        try MP4TagWriter.setFreeformTags(tags, removing: { $0.name.lowercased().hasPrefix("replaygain_") }, inFileAt: path)
        return try MP4File.audioTrackFields(at: path)
      }
    }
  }

  /// `WAVFormatFacts.read(path:)` and the span its `fact` chunk gives.
  public static func wav(seeds: [[UInt8]], folder: String) -> FuzzTarget {
    file(name: "WAVFormatFacts", seeds: seeds, path: folder + "/fuzz.wav") { path in
      FuzzOutcome.of(optional: WAVFormatFacts.read(path: path).map { $0.gaplessSpan as Any })
    }
  }

  /// `OggEnding.read(path:)`: how the file's last pages end.
  public static func oggEnding(seeds: [[UInt8]], folder: String) -> FuzzTarget {
    file(name: "OggEnding", seeds: seeds, path: folder + "/fuzz.ogg") { path in FuzzOutcome.of(optional: OggEnding.read(path: path)) }
  }

  /// The four readers and the MP4 tag writer, from `seeds`.
  public static func containerReaders(_ seeds: MediaSeeds, folder: String) -> [FuzzTarget] {
    [
      mp3(seeds: seeds.mp3, folder: folder), mp4(seeds: seeds.mp4, folder: folder), mp4TagWriter(seeds: seeds.mp4, folder: folder),
      wav(seeds: seeds.wav, folder: folder), oggEnding(seeds: seeds.ogg, folder: folder),
    ]
  }

  private static func file(
    name: String, seeds: [[UInt8]], path: String, read: @escaping @Sendable (String) -> FuzzOutcome
  ) -> FuzzTarget {
    FuzzTarget(name: name, seeds: seeds) { bytes in
      guard overwrite(path, with: bytes) else { return .refused }
      return read(path)
    }
  }
}

/// Replaces the contents of the file at `path` with `bytes`, in place: `FileManager.createFile`
/// writes a temporary file and renames it, several times slower for a million small inputs.
func overwrite(_ path: String, with bytes: [UInt8]) -> Bool {
  let file = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
  guard file >= 0 else { return false }
  defer { close(file) }
  return bytes.withUnsafeBytes { write(file, $0.baseAddress, $0.count) } == bytes.count
}
