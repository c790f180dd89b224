/// Walks an MPEG audio stream header by header between two offsets, counting complete frames,
/// resynchronizing over garbage, and noting how the stream ends.
///
/// Every step moves forward by at least one byte, so the walk ends on any bytes; it reads only
/// headers, through the file's window.
struct MP3FrameWalker {
  /// The most garbage runs whose offsets are kept (all are counted).
  static let mostResyncsKept = 32

  /// Complete frames, the first (which may be an info frame) included.
  var frameCount: Int64 = 0
  /// The end of the last complete frame.
  var audioEnd: Int64
  /// Runs of garbage skipped between frames, the first `mostResyncsKept` of them.
  var resyncs: [Range<Int64>] = []
  var resyncCount = 0
  /// Where a free-format frame stopped the walk.
  var freeFormatOffset: Int64?
  /// The bit rate of every complete frame after the first (which may be an info frame at
  /// another); nil when they differ or there are none.
  var constantBitRate: Int?
  /// True once two frames after the first differed in bit rate.
  private var bitRateVaries = false
  /// How the stream ends before the tags.
  var ending = MP3Ending()

  /// The longest free-format frame looked across for the next one (layer III at 640 kbit/s and
  /// 32 kHz takes 2880 bytes).
  private static let longestFreeFormatFrame: Int64 = 4096

  /// The stream's first frame: a header (not free format) that the next frame's header confirms,
  /// or whose frame ends exactly at `limit`. A free-format header counts only at `start` itself,
  /// confirmed by another free-format header of the same stream within a frame's reach.
  static func firstFrame(in file: inout FileWindow, from start: Int64, before limit: Int64) -> (
    offset: Int64, header: MP3FrameHeader
  )? {
    if let word = start + 4 <= limit ? file.word(at: start) : nil, let header = MP3FrameHeader(word),
      header.isFreeFormat
    {
      let reach = min(limit - 4, start + longestFreeFormatFrame)
      var offset = start + 1
      while offset <= reach {
        defer { offset += 1 }
        guard file.byte(at: offset) == 0xFF, let next = file.word(at: offset).flatMap(MP3FrameHeader.init),
          next.isFreeFormat, next.sharesStream(with: header)
        else { continue }
        return (start, header)
      }
    }
    return nextConfirmedFrame(in: &file, from: start, before: limit, like: nil)
  }

  /// Walks from the first frame at `start` up to `limit` (where the trailing tags begin).
  init(file: inout FileWindow, first header: MP3FrameHeader, at start: Int64, limit: Int64) {
    audioEnd = start
    var offset = start
    while offset < limit {
      if let word = offset + 4 <= limit ? file.word(at: offset) : nil, let found = MP3FrameHeader(word),
        found.sharesStream(with: header)
      {
        guard let length = found.frameLength else {
          freeFormatOffset = offset
          return
        }
        if offset + Int64(length) <= limit {
          if frameCount > 0 { noteBitRate(found.bitrate) }
          frameCount += 1
          offset += Int64(length)
          audioEnd = offset
          continue
        }
        // The frame runs past the end: cut short, unless a real frame follows (then it was garbage).
        if Self.nextConfirmedFrame(in: &file, from: offset + 1, before: limit, like: header) == nil {
          let missing = Int(offset + Int64(length) - limit)
          ending.truncatedFrame = .init(offset: offset, length: length, missingBytes: missing)
          return
        }
      }
      guard let next = Self.nextConfirmedFrame(in: &file, from: offset + 1, before: limit, like: header) else {
        ending.junk = offset..<limit
        return
      }
      if resyncs.count < Self.mostResyncsKept { resyncs.append(offset..<next.offset) }
      resyncCount += 1
      offset = next.offset
    }
  }

  /// Keeps `constantBitRate` while every frame has the same bit rate.
  private mutating func noteBitRate(_ bitRate: Int) {
    guard !bitRateVaries else { return }
    if constantBitRate == nil || constantBitRate == bitRate {
      constantBitRate = bitRate
    } else {
      constantBitRate = nil
      bitRateVaries = true
    }
  }

  /// The first offset from `start` holding a header (of the same stream as `stream`, when given)
  /// whose frame ends at `limit` or is followed by another such header.
  private static func nextConfirmedFrame(
    in file: inout FileWindow, from start: Int64, before limit: Int64, like stream: MP3FrameHeader?
  ) -> (offset: Int64, header: MP3FrameHeader)? {
    var offset = start
    while offset + 4 <= limit {
      defer { offset += 1 }
      guard file.byte(at: offset) == 0xFF, let word = file.word(at: offset), let header = MP3FrameHeader(word),
        let length = header.frameLength, stream.map(header.sharesStream) ?? true
      else { continue }
      let next = offset + Int64(length)
      if next == limit { return (offset, header) }
      guard next + 4 <= limit, let following = file.word(at: next).flatMap(MP3FrameHeader.init),
        following.sharesStream(with: header)
      else { continue }
      return (offset, header)
    }
    return nil
  }
}
