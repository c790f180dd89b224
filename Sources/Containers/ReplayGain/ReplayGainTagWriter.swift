/// Writes ReplayGain 2.0 tags into a finished audio file: FLAC, Ogg Vorbis, Ogg Opus, MP3 or MP4
/// (M4A, M4B), recognized by its bytes, never by its name.
///
/// Existing ReplayGain tags, in any case, are replaced (album ones removed when no album values
/// are given, as loudgain does); every other tag and every byte of audio stays as it was:
/// - FLAC: REPLAYGAIN_* fields in the VORBIS_COMMENT block (`FLACTagWriter`);
/// - Ogg Vorbis: the same fields in the comment header; Ogg Opus: R128_TRACK_GAIN and
///   R128_ALBUM_GAIN in OpusTags (`OggTagWriter`);
/// - MP3: TXXX frames in the ID3v2 tag, which is added when there is none (`MP3TagWriter`);
/// - MP4: `----` items of mean "com.apple.iTunes", names in lower case as foobar2000 writes them
///   (`MP4TagWriter`).
///
/// On any error the file is left as it was.
public enum ReplayGainTagWriter {
  /// Writes `values` into the file at `path`.
  public static func write(_ values: ReplayGainValues, toFileAt path: String) throws(ReplayGainTagError) {
    if let problem = values.problem { throw .invalidValues(path: path, reason: problem) }
    let file = try TaggedFile(path: path)
    switch try TaggableContainer(of: file) {
    case .flac: try FLACTagWriter.write(values, into: file)
    case .ogg: try OggTagWriter.write(values, into: file)
    case .mp3: try MP3TagWriter.write(values, into: file)
    case .mp4:
      let names = ReplayGainValues.knownFieldNames
      let tags = values.fields.map { MP4FreeformTag(name: $0.name.lowercased(), value: $0.value) }
      do {
        try MP4TagWriter.setFreeformTags(
          tags, removing: { $0.mean == MP4FreeformTag.appleMean && names.contains($0.name.uppercased()) },
          inFileAt: path)
      } catch {
        throw .mp4(error)
      }
    }
  }
}
