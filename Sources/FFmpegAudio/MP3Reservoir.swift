/// Lays MP3 frames, each with its own main data (`MP3MainData.unpacked`), into one bit
/// reservoir: each frame's main data begins as early as the reservoir lets it (right after the
/// frame before it, at most `largestBegin` bytes before its own slot), so any stretch of one
/// encoder's frames fits as that encoder laid it. Where frames of two encoders meet, the join
/// is the first of the earlier segment's spare frames after which the later one's first frame
/// finds the reservoir it was encoded with; failing that, frames that do not fit are written at
/// a higher bit rate.
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

  /// Lays the next segment's frames, handing each frame whose slot is full to `emit`.
  func add(_ segment: EncodedSegment, emit: (Laid) throws -> Void) throws {
    var frames = segment.packets[...]
    if hasFrames {
      let taken = spareFramesToTake(before: frames)
      if taken > 0 { joinsMoved += 1 }
      for frame in spare.prefix(taken) { try lay(frame, emit: emit) }
      frames = frames.dropFirst(taken)
    }
    for frame in frames { try lay(frame, emit: emit) }
    spare = segment.spare
    hasFrames = hasFrames || !segment.packets.isEmpty
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
    guard var frame = MP3Frame(packet.bytes) else { throw MP3ReservoirError.notAFrame }
    var bytes = packet.bytes
    let mainData = bytes[(frame.headerBytes + frame.sideInfoBytes)...]
    guard mainData.count == frame.mainDataBytes else { throw MP3ReservoirError.notAFrame }
    let begin = max(dataEnd, slotsEnd - frame.largestBegin)
    if begin + frame.mainDataBytes > slotsEnd + frame.slotBytes { framesEnlarged += 1 }
    while begin + frame.mainDataBytes > slotsEnd + frame.slotBytes {
      guard let larger = frame.atNextBitRate(in: &bytes) else { throw MP3ReservoirError.doesNotFit }
      frame = larger
    }
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
      "joining MP3 segments: a frame's main data does not fit the bit reservoir even at the highest bit rate (encode with one encoder: segments off)"
    }
  }
}
