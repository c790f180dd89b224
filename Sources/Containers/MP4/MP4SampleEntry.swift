/// What the first audio sample entry (`stsd`) says about the coded format: its code, sample rate,
/// and for AAC and Opus the details that decide their priming.
struct MP4SampleEntry: Equatable {
  var codec: FourCC
  var sampleRate: Int64?
  var objectType: Int?
  var audioObjectType: Int?
  var opusPreSkip: Int64?

  /// Reads the first entry of an `stsd` payload.
  ///
  /// An audio entry has 28 bytes of fields before its child boxes; QuickTime's sound description
  /// version 1 adds 16 more and version 2 adds 36, with the rate as a 64-bit float. In the 16.16
  /// rate field of versions 0 and 1 a rate above 65535 Hz does not fit; writers leave it 0.
  static func parse(stsd payload: [UInt8]) throws(BigEndianReader.Shortfall) -> MP4SampleEntry {
    var reader = BigEndianReader(payload)
    try reader.skip(4)  // version and flags
    guard try reader.uint32() > 0 else { throw BigEndianReader.Shortfall() }
    let entryStart = reader.position
    let entrySize = Int(try reader.uint32())
    var entry = MP4SampleEntry(codec: try reader.fourCC())
    guard entrySize >= 8 + 28, entryStart + entrySize <= payload.count else { throw BigEndianReader.Shortfall() }
    let entryEnd = entryStart + entrySize
    try reader.skip(8)  // reserved, data reference index
    let version = try reader.uint16()
    try reader.skip(14)  // revision, vendor, channels, sample size, compression id, packet size
    let fixedRate = try reader.uint32() >> 16
    var childrenStart = reader.position
    switch version {
    case 1:
      childrenStart += 16
    case 2:
      try reader.skip(4)  // size of the structure
      let rate = Double(bitPattern: try reader.uint64())
      if rate.isFinite, rate >= 1, rate < 1e7 { entry.sampleRate = Int64(rate.rounded()) }
      childrenStart += 36
    default:
      break
    }
    if version != 2, fixedRate > 0 { entry.sampleRate = Int64(fixedRate) }
    guard childrenStart <= entryEnd else { throw BigEndianReader.Shortfall() }
    entry.readChildren(Array(payload[childrenStart..<entryEnd]))
    return entry
  }

  private init(codec: FourCC) { self.codec = codec }

  /// Reads `esds` and `dOps`, also inside QuickTime's `wave` wrapper; damaged children are ignored,
  /// since the codec and rate are known without them.
  ///
  /// Only one `wave` is opened, as QuickTime writes it: a `wave` in a `wave` is no real layout, and
  /// following a damaged chain of them would copy what remains at every level.
  private mutating func readChildren(_ bytes: [UInt8], insideWave: Bool = false) {
    guard let boxes = try? MP4BoxHeader.list(in: bytes, from: 0, to: bytes.count) else { return }
    for box in boxes {
      let payload = box.payload(in: bytes)
      switch box.type {
      case "wave" where !insideWave: readChildren(payload, insideWave: true)
      case "esds": readElementaryStreamDescriptor(payload)
      case "dOps":
        if payload.count >= 4 { opusPreSkip = Int64(payload[2]) << 8 | Int64(payload[3]) }
      default: break
      }
    }
  }

  /// Finds the object type in the decoder configuration descriptor (tag 4) and the audio object
  /// type at the start of the decoder-specific information (tag 5) of an `esds` payload.
  private mutating func readElementaryStreamDescriptor(_ payload: [UInt8]) {
    var reader = BigEndianReader(payload, at: 4)  // after version and flags
    func descriptor() throws(BigEndianReader.Shortfall) -> (tag: UInt8, length: Int) {
      let tag = try reader.uint8()
      var length = 0
      for _ in 0..<4 {
        let byte = try reader.uint8()
        length = length << 7 | Int(byte & 0x7F)
        if byte & 0x80 == 0 { break }
      }
      return (tag, length)
    }
    do {
      guard try descriptor().tag == 3 else { return }
      try reader.skip(2)  // elementary stream id
      let flags = try reader.uint8()
      if flags & 0x80 != 0 { try reader.skip(2) }  // depends-on stream id
      if flags & 0x40 != 0 { try reader.skip(Int(try reader.uint8())) }  // URL
      if flags & 0x20 != 0 { try reader.skip(2) }  // OCR stream id
      guard try descriptor().tag == 4 else { return }
      objectType = Int(try reader.uint8())
      try reader.skip(12)  // stream type, buffer size, bit rates
      guard try descriptor().tag == 5 else { return }
      let first = try reader.uint8()
      let type = Int(first >> 3)
      audioObjectType = type == 31 ? 32 + (Int(first & 0x07) << 3 | Int(try reader.uint8() >> 5)) : type
    } catch {
      return
    }
  }
}
