/// Lays MP3 frames, each with its own main data (`MP3MainData.unpacked`), into one bit
/// reservoir: each frame's main data begins as early as the reservoir lets it (right after the
/// frame before it, at most `largestBegin` bytes before its own slot), so any stretch of one
/// encoder's frames fits as that encoder laid it. Where frames of two encoders meet, the join
/// is the first of the earlier segment's spare frames after which the later one's first frame
/// finds the reservoir it was encoded with; failing that, frames that do not fit are written at
/// a higher bit rate. Where even the highest bit rate cannot hold them (a 320 kb/s stream), the
/// segment does not fit (`fits`), and the writer's caller encodes across the join instead
/// (`SeamlessRun`).
final class MP3Reservoir {
  /// A frame laid out (`packet.bytes`), its slot filled as main data arrives.
  struct Laid {
    var packet: EncodedSegment.Packet
    let slotStart: Int
    let slotEnd: Int
  }

  /// Frames whose slots may still take main data, oldest first.
  private var laid: [Laid] = []
  /// Where the next frame's slot starts, and where the main data laid so far ends, in bytes of
  /// slots from the stream's start.
  private var slotsEnd = 0
  private var dataEnd = 0
  /// The previous segment's spare frames.
  private var spare: [EncodedSegment.Packet] = []
  private var hasFrames = false
  /// Joins made later than the segments' boundary (taking spare frames), and frames written at
  /// a higher bit rate than their encoder chose, to fit.
  private(set) var joinsMoved = 0
  private(set) var framesEnlarged = 0

  /// Lays the next segment's frames, handing each frame whose slot is full to `emit`; throws
  /// `doesNotFit`, having laid nothing, when `fits` is false.
  func add(_ segment: EncodedSegment, emit: (Laid) throws -> Void) throws {
    guard fits(segment) else { throw MP3ReservoirError.doesNotFit }
    let (taken, frames) = framesToLay(segment)
    if taken > 0 { joinsMoved += 1 }
    for frame in frames { try lay(frame, emit: emit) }
    spare = segment.spare
    hasFrames = hasFrames || !segment.packets.isEmpty
  }

  /// True when every frame of `segment` can be laid after the frames laid so far (the join
  /// moved onto spare frames or frames enlarged as `add` would): false where a frame's main data
  /// would not fit even at the highest bit rate.
  func fits(_ segment: EncodedSegment) -> Bool {
    var (slots, data) = (slotsEnd, dataEnd)
    for packet in framesToLay(segment).frames {
      var header = Array(packet.bytes.prefix(MP3Frame.largestHeaderAndSideInfo))
      guard let frame = MP3Frame(header), let placed = Self.place(frame, header: &header, slotsEnd: slots, dataEnd: data) else { return false }
      slots += placed.frame.slotBytes
      data = placed.begin + frame.mainDataBytes
    }
    return true
  }

  /// The frames `add` lays for `segment`: the spare frames the join takes (how many), then the
  /// segment's own from the one they stand in for.
  private func framesToLay(_ segment: EncodedSegment) -> (taken: Int, frames: [EncodedSegment.Packet]) {
    guard hasFrames else { return (0, segment.packets) }
    let taken = spareFramesToTake(before: segment.packets[...])
    return (taken, Array(spare.prefix(taken)) + segment.packets.dropFirst(taken))
  }

  /// Where `frame`'s main data begins when laid after slots ending at `slotsEnd` and main data
  /// ending at `dataEnd` (as early as the reservoir lets it), and the frame as written: at the
  /// lowest bit rate from its own up whose slot then holds the main data (its header in `header`
  /// changed); nil when none does.
  private static func place(_ frame: MP3Frame, header: inout [UInt8], slotsEnd: Int, dataEnd: Int) -> (frame: MP3Frame, begin: Int)? {
    let begin = max(dataEnd, slotsEnd - frame.largestBegin)
    var written = frame
    while begin + frame.mainDataBytes > slotsEnd + written.slotBytes {
      guard let larger = written.atNextBitRate(in: &header) else { return nil }
      written = larger
    }
    return (written, begin)
  }

  /// Hands every frame still laid out to `emit`.
  func finish(emit: (Laid) throws -> Void) throws {
    for frame in laid { try emit(frame) }
    laid.removeAll()
  }

  /// How many spare frames to take so the next segment's first frame finds as much reservoir
  /// as its encoder gave it: the fewest that do, or none when none do.
  private func spareFramesToTake(before next: ArraySlice<EncodedSegment.Packet>) -> Int {
    guard !next.isEmpty else { return 0 }
    var (slots, data) = (slotsEnd, dataEnd)
    for taken in 0...min(spare.count, next.count - 1) {
      if taken > 0 {
        guard let frame = MP3Frame(spare[taken - 1].bytes) else { return 0 }
        data = max(data, slots - frame.largestBegin) + frame.mainDataBytes
        slots += frame.slotBytes
      }
      guard let first = MP3Frame(next[next.startIndex + taken].bytes) else { return 0 }
      if slots - data >= first.mainDataBegin { return taken }
    }
    return 0
  }

  private func lay(_ packet: EncodedSegment.Packet, emit: (Laid) throws -> Void) throws {
    guard let encoded = MP3Frame(packet.bytes) else { throw MP3ReservoirError.notAFrame }
    var bytes = packet.bytes
    let mainData = bytes[(encoded.headerBytes + encoded.sideInfoBytes)...]
    guard mainData.count == encoded.mainDataBytes else { throw MP3ReservoirError.notAFrame }
    guard let (frame, begin) = Self.place(encoded, header: &bytes, slotsEnd: slotsEnd, dataEnd: dataEnd) else { throw MP3ReservoirError.doesNotFit }
    if frame != encoded { framesEnlarged += 1 }
    var out = Array(bytes.prefix(frame.headerBytes + frame.sideInfoBytes)) + [UInt8](repeating: 0, count: frame.slotBytes)
    frame.settingMainDataBegin(slotsEnd - begin, in: &out)
    var placed = packet
    placed.bytes = out
    laid.append(Laid(packet: placed, slotStart: slotsEnd, slotEnd: slotsEnd + frame.slotBytes))
    slotsEnd += frame.slotBytes
    // Copy the main data into the slots it spans.
    var position = begin
    for index in laid.indices where laid[index].slotEnd > position && position < begin + mainData.count {
      let start = max(position, laid[index].slotStart)
      let count = min(laid[index].slotEnd, begin + mainData.count) - start
      let into = laid[index].packet.bytes.count - (laid[index].slotEnd - start)
      laid[index].packet.bytes.replaceSubrange(into..<(into + count), with: mainData.dropFirst(start - begin).prefix(count))
      position = start + count
    }
    dataEnd = begin + mainData.count
    // A slot that ends where the main data laid so far ends takes no more.
    while let first = laid.first, first.slotEnd <= dataEnd {
      try emit(first)
      laid.removeFirst()
    }
  }
}

/// Why MP3 frames could not be joined.
enum MP3ReservoirError: Error, CustomStringConvertible {
  case notAFrame
  case doesNotFit

  var description: String {
    switch self {
    case .notAFrame: "joining MP3 segments: a segment's packet is no Layer III frame"
    case .doesNotFit:
      "joining MP3 segments: a frame's main data does not fit the bit reservoir even at the highest bit rate"
    }
  }
}
