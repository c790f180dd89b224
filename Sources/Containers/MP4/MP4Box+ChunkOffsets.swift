extension MP4Box {
  /// Adds `delta` to every chunk offset (`stco`, `co64`) at or after `start`: the media that lies
  /// after a `moov` that grew or shrank by `delta`. An `stco` whose offsets no longer fit 32 bits
  /// becomes a `co64`.
  mutating func shiftChunkOffsets(from start: Int64, by delta: Int64) throws(MP4BoxHeader.Problem) {
    try changeEach(["stco", "co64"]) { box throws(MP4BoxHeader.Problem) in
      try box.shiftOffsets(from: start, by: delta)
    }
  }

  private mutating func shiftOffsets(from start: Int64, by delta: Int64) throws(MP4BoxHeader.Problem) {
    guard case .bytes(let payload) = content else { return }
    let width = type == "co64" ? 8 : 4
    var reader = BigEndianReader(payload)
    do {
      let versionAndFlags = try reader.bytes(4)
      let count = Int(try reader.uint32())
      guard count <= reader.remaining / width else { throw MP4BoxHeader.Problem.fieldsTooShort }
      let offsets = try (0..<count).map { _ throws(BigEndianReader.Shortfall) in
        let offset = width == 8 ? try reader.int64() : Int64(try reader.uint32())
        return offset >= start ? offset + delta : offset
      }
      let wide = width == 8 || offsets.contains { $0 > Int64(UInt32.max) }
      if wide { type = "co64" }
      var encoded = versionAndFlags + MP4BoxHeader.bigEndian(UInt64(count), width: 4)
      encoded.reserveCapacity(encoded.count + count * (wide ? 8 : 4))
      for offset in offsets { encoded += MP4BoxHeader.bigEndian(UInt64(offset), width: wide ? 8 : 4) }
      content = .bytes(encoded)
    } catch let problem as MP4BoxHeader.Problem {
      throw problem
    } catch {
      throw .fieldsTooShort
    }
  }
}
