/// Where a file's audio lies among the samples its decoder puts out, as Segue reads it from the
/// container's own fields rather than from FFmpeg's heuristics.
///
/// The reader drops `skip` frames from the start of what FFmpeg decodes (on top of any priming
/// FFmpeg removes by itself), then keeps exactly `length` frames, trimming the end itself.
public struct GaplessSpan: Sendable, Equatable, Codable {
  /// Decoded frames to drop at the start that FFmpeg does not drop by itself.
  public var skip: Int64
  /// The audio's exact length in frames after the skip; nil when the file does not state it.
  public var length: Int64?
  /// Where the numbers were read, worded for people: "MP4 edit list", "iTunSMPB", "LAME tag".
  public var source: String
  /// A fallback or a doubt worth telling the user, naming what was assumed; nil when the file
  /// stated everything.
  public var note: String?

  /// A span that drops `skip` decoded frames and keeps `length` (all that follow when nil), read from `source`.
  public init(skip: Int64, length: Int64?, source: String, note: String? = nil) {
    self.skip = skip
    self.length = length
    self.source = source
    self.note = note
  }
}
