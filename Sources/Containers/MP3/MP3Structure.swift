/// The layout of an MP3 file as its bytes show it: tags before and after, the info frame, the
/// frames really there, and how the stream ends.
///
/// Read by walking frame headers through one bounded buffer, so a 500 MB audiobook costs one
/// sequential read and about a megabyte of memory. Layers I and II are walked the same way
/// (an info frame is looked for only in layer III).
public struct MP3Structure: Sendable, Equatable {
  /// The file's length in bytes.
  public var fileLength: Int64
  /// The ID3v2 tags that open the file, in order.
  public var leadingTags: [Range<Int64>]
  /// Bytes between the leading tags and the first frame that belong to neither.
  public var leadingJunk: Range<Int64>?
  /// Where the first frame starts.
  public var firstFrameOffset: Int64
  /// The first frame's header, which sets the stream's version, layer and sample rate.
  public var firstHeader: MP3FrameHeader
  /// The Xing/Info/VBRI header, when the first frame is one (it then carries no audio).
  public var infoFrame: MP3InfoFrame?
  /// Complete frames found, the info frame included.
  public var frameCount: Int64
  /// The end of the last complete frame.
  public var audioEnd: Int64
  /// Runs of garbage skipped between frames (the first 32).
  public var resyncs: [Range<Int64>]
  /// How many runs of garbage were skipped between frames.
  public var resyncCount: Int
  /// The bit rate of every audio frame, when they share one (a constant-bit-rate stream).
  public var constantBitRate: Int?
  /// Where a free-format frame stopped the walk (its frames state no length); frame counts are
  /// then incomplete.
  public var freeFormatOffset: Int64?
  /// What follows the last complete frame.
  public var ending: MP3Ending

  /// Samples per channel in each frame.
  public var samplesPerFrame: Int64 { Int64(firstHeader.samplesPerFrame) }
  /// Sample frames per second (Hz) that the first frame's header states.
  public var sampleRate: Int { firstHeader.sampleRate }

  /// Complete frames that carry audio (the info frame excluded).
  public var audioFrameCount: Int64 { max(0, frameCount - (infoFrame == nil ? 0 : 1)) }

  /// Samples per channel that the complete audio frames decode to, before any trimming.
  public var decodedSampleCount: Int64 { audioFrameCount * samplesPerFrame }

  /// The audio's length, as the file's own fields and its frames decide it.
  public var length: MP3Length {
    MP3Length.decide(
      info: infoFrame, audioFrames: freeFormatOffset == nil ? audioFrameCount : nil, samplesPerFrame: samplesPerFrame)
  }

  /// Reads the layout of the MPEG audio file at `path`; nil when it cannot be read or holds no
  /// frame.
  public static func read(path: String) -> MP3Structure? {
    guard let opened = try? RandomAccessFile<FileAccessError>(path: path) else { return nil }
    var file = FileWindow(opened)
    let leadingTags = ID3v2Tag.leadingTags(in: &file)
    let audioStart = leadingTags.last?.upperBound ?? 0
    let tags = MP3TrailingTag.findAll(in: &file, above: audioStart)
    let limit = tags.first?.bytes.lowerBound ?? file.length
    guard let first = MP3FrameWalker.firstFrame(in: &file, from: audioStart, before: limit) else { return nil }
    let frame = file.bytes(at: first.offset, count: first.header.frameLength ?? 2048)
    var walk = MP3FrameWalker(file: &file, first: first.header, at: first.offset, limit: limit)
    walk.ending.tags = tags
    return MP3Structure(
      fileLength: file.length,
      leadingTags: leadingTags,
      leadingJunk: first.offset > audioStart ? audioStart..<first.offset : nil,
      firstFrameOffset: first.offset,
      firstHeader: first.header,
      infoFrame: MP3InfoFrame.read(frame: frame, header: first.header),
      frameCount: walk.frameCount,
      audioEnd: walk.audioEnd,
      resyncs: walk.resyncs,
      resyncCount: walk.resyncCount,
      constantBitRate: walk.constantBitRate,
      freeFormatOffset: walk.freeFormatOffset,
      ending: walk.ending)
  }
}
