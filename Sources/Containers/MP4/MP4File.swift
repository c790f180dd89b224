/// Reads an MP4, M4A, M4B or 3GP file's fields for gapless playback, without decoding it.
public enum MP4File {
  /// The fields of the file's first audio track.
  public static func audioTrackFields(at path: String) throws(MP4Error) -> MP4AudioTrackFields {
    try MP4AudioTrackScan(MP4BoxReader(path: path)).fields()
  }

  /// Where the file's audio lies among the frames FFmpeg decodes (see `MP4GaplessDecision`).
  public static func gaplessSpan(at path: String) throws(MP4Error) -> GaplessSpan {
    MP4GaplessDecision.span(for: try audioTrackFields(at: path))
  }
}
