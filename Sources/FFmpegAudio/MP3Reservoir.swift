/// Lays MP3 frames, each with its own main data (`MP3MainData.unpacked`), into one bit
/// reservoir: each frame's main data begins as early as the reservoir lets it (right after the
/// frame before it, at most `largestBegin` bytes before its own slot), so any stretch of one
/// encoder's frames fits as that encoder laid it, and leaves at least the reservoir that encoder
/// had. Where frames of two encoders meet, the join is the first of the earlier segment's spare
/// frames after which the later one's first frame finds the reservoir it was encoded with, or,
/// where none is, the segment's own first frame, if its frames fit and find their encoder's
/// reservoir again before the segment ends. Where neither is so, the segment does not fit
/// (`fits`), and the writer's caller encodes across the join instead (`SeamlessRun`: the earlier
/// encoder's stream, continued).
///
/// Every segment ends with the reservoir its encoder had: that is what lets a `SeamlessRun`
/// continue any encoder's frames. (Writing a frame at a higher bit rate to fit it left the frames
/// after it short of their encoder's reservoir, which a later run across a join could not make
/// up, even at 320 kb/s: VBR streams at `--quality` 0 and 2 failed so.)
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
  /// Joins made later than the segments' boundary (taking spare frames), to fit.
  private(set) var joinsMoved = 0

  /// Lays the next segment's frames, handing each frame whose slot is full to `emit`; throws
  /// `doesNotFit`, having laid nothing, when `fits` is false.
  func add(_ segment: EncodedSegment, emit: (Laid) throws -> Void) throws {
    guard let taken = framesTakenToJoin(segment) else { throw MP3ReservoirError.doesNotFit }
    if taken > 0 { joinsMoved += 1 }
    for frame in spare.prefix(taken) + segment.packets.dropFirst(taken) { try lay(frame, emit: emit) }
    spare = segment.spare
    hasFrames = hasFrames || !segment.packets.isEmpty
  }

  /// True when `segment` can follow the frames laid so far: its frames fit, and before its end
  /// one of them finds the reservoir its encoder gave it (`framesTakenToJoin`).
  func fits(_ segment: EncodedSegment) -> Bool { framesTakenToJoin(segment) != nil }

  /// How many spare frames the join into `segment` takes: the fewest after which its first frame
  /// finds the reservoir its encoder gave it; else none, where its frames fit as they are and one
  /// of them finds its encoder's reservoir before the segment ends (from there on every frame of
  /// that encoder does, so a run across the next join can continue it). Nil when neither is so.
  private func framesTakenToJoin(_ segment: EncodedSegment) -> Int? {
    if let taken = spareFramesToTake(before: segment) { return taken }
    var (slots, data) = (slotsEnd, dataEnd)
    for packet in segment.packets {
      guard let frame = MP3Frame(packet.bytes) else { return nil }
      if slots - data >= frame.mainDataBegin { return 0 }
      let begin = max(data, slots - frame.largestBegin)
      guard begin + frame.mainDataBytes <= slots + frame.slotBytes else { return nil }
      (slots, data) = (slots + frame.slotBytes, begin + frame.mainDataBytes)
    }
    return nil
  }

  /// Hands every frame still laid out to `emit`.
  func finish(emit: (Laid) throws -> Void) throws {
    for frame in laid { try emit(frame) }
    laid.removeAll()
  }

  /// How many spare frames to take so the next segment's first frame finds as much reservoir
  /// as its encoder gave it: the fewest that do (0 for the stream's first segment); nil when
  /// none do.
  private func spareFramesToTake(before segment: EncodedSegment) -> Int? {
    let next = segment.packets
    guard hasFrames, !next.isEmpty else { return 0 }
    var (slots, data) = (slotsEnd, dataEnd)
    for taken in 0...min(spare.count, next.count - 1) {
      if taken > 0 {
        guard let frame = MP3Frame(spare[taken - 1].bytes) else { return nil }
        data = max(data, slots - frame.largestBegin) + frame.mainDataBytes
        slots += frame.slotBytes
      }
      guard let first = MP3Frame(next[taken].bytes) else { return nil }
      if slots - data >= first.mainDataBegin { return taken }
    }
    return nil
  }

  private func lay(_ packet: EncodedSegment.Packet, emit: (Laid) throws -> Void) throws {
    guard let frame = MP3Frame(packet.bytes) else { throw MP3ReservoirError.notAFrame }
    let mainData = packet.bytes[(frame.headerBytes + frame.sideInfoBytes)...]
    guard mainData.count == frame.mainDataBytes else { throw MP3ReservoirError.notAFrame }
    // As early as the reservoir lets it: never later than its encoder put it (`fits`).
    let begin = max(dataEnd, slotsEnd - frame.largestBegin)
    guard begin + frame.mainDataBytes <= slotsEnd + frame.slotBytes else { throw MP3ReservoirError.doesNotFit }
    var out = Array(packet.bytes.prefix(frame.headerBytes + frame.sideInfoBytes)) + [UInt8](repeating: 0, count: frame.slotBytes)
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
      "joining MP3 segments: a frame's main data does not fit the bit reservoir its encoder laid it in"
    }
  }
}
