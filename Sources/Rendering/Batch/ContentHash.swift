import Foundation

/// XXH64 over a file's bytes: what tells a batch whether an input or output is the same file,
/// whatever node reads it (size and contents, never inode or times).
///
/// A change detector, not a defence against tampering; fast enough that hashing a file costs
/// about what reading it does.
struct ContentHash {
  private static let primes: (UInt64, UInt64, UInt64, UInt64, UInt64) = (
    0x9E37_79B1_85EB_CA87, 0xC2B2_AE3D_27D4_EB4F, 0x1656_67B1_9E37_79F9, 0x85EB_CA77_C2B2_AE63, 0x27D4_EB2F_1656_67C5
  )
  private var lanes: (UInt64, UInt64, UInt64, UInt64)
  private var pending: [UInt8] = []
  private var length: UInt64 = 0

  init() {
    let p = Self.primes
    lanes = (0 &+ p.0 &+ p.1, p.1, 0, 0 &- p.0)
  }

  /// The hash of the file at `path` as 16 hex digits, read 1 MiB at a time.
  static func of(path: String) throws -> String {
    let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
    defer { try? handle.close() }
    var hash = ContentHash()
    while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty { hash.add(chunk) }
    return String(format: "%016llx", hash.value)
  }

  /// The hash of `text`'s UTF-8 bytes as 16 hex digits.
  static func of(text: String) -> String {
    var hash = ContentHash()
    hash.add(Data(text.utf8))
    return String(format: "%016llx", hash.value)
  }

  /// Hashes `data` where it lies; only the bytes short of a 32-byte stripe at either end are
  /// copied (into `pending`), so a file's bytes are read once, not copied per chunk.
  mutating func add(_ data: Data) {
    length &+= UInt64(data.count)
    var rest = data[...]
    if !pending.isEmpty {
      let needed = 32 - pending.count
      pending += rest.prefix(needed)
      rest = rest.dropFirst(needed)
      guard pending.count == 32 else { return }
      pending.withUnsafeBytes { consumeStripes($0, upTo: 32) }
      pending = []
    }
    let whole = rest.count / 32 * 32
    rest.withUnsafeBytes { consumeStripes($0, upTo: whole) }
    pending = Array(rest.dropFirst(whole))
  }

  /// Runs the four lanes over the 32-byte stripes of `raw` below `end`.
  private mutating func consumeStripes(_ raw: UnsafeRawBufferPointer, upTo end: Int) {
    for stripe in stride(from: 0, to: end, by: 32) {
      lanes.0 = Self.round(lanes.0, raw.loadUnaligned(fromByteOffset: stripe, as: UInt64.self).littleEndian)
      lanes.1 = Self.round(lanes.1, raw.loadUnaligned(fromByteOffset: stripe + 8, as: UInt64.self).littleEndian)
      lanes.2 = Self.round(lanes.2, raw.loadUnaligned(fromByteOffset: stripe + 16, as: UInt64.self).littleEndian)
      lanes.3 = Self.round(lanes.3, raw.loadUnaligned(fromByteOffset: stripe + 24, as: UInt64.self).littleEndian)
    }
  }

  var value: UInt64 {
    let p = Self.primes
    var hash: UInt64
    if length >= 32 {
      hash = rotate(lanes.0, 1) &+ rotate(lanes.1, 7) &+ rotate(lanes.2, 12) &+ rotate(lanes.3, 18)
      for lane in [lanes.0, lanes.1, lanes.2, lanes.3] { hash = (hash ^ Self.round(0, lane)) &* p.0 &+ p.3 }
    } else {
      hash = lanes.2 &+ p.4
    }
    hash &+= length
    var rest = pending[...]
    while rest.count >= 8 {
      let word = rest.prefix(8).enumerated().reduce(UInt64(0)) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) }
      hash = rotate(hash ^ Self.round(0, word), 27) &* p.0 &+ p.3
      rest = rest.dropFirst(8)
    }
    if rest.count >= 4 {
      let word = rest.prefix(4).enumerated().reduce(UInt64(0)) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) }
      hash = rotate(hash ^ (word &* p.0), 23) &* p.1 &+ p.2
      rest = rest.dropFirst(4)
    }
    for byte in rest { hash = rotate(hash ^ (UInt64(byte) &* p.4), 11) &* p.0 }
    hash ^= hash >> 33
    hash &*= p.1
    hash ^= hash >> 29
    hash &*= p.2
    return hash ^ (hash >> 32)
  }

  private static func round(_ accumulator: UInt64, _ input: UInt64) -> UInt64 {
    rotate(accumulator &+ input &* primes.1, 31) &* primes.0
  }
}

private func rotate(_ value: UInt64, _ bits: UInt64) -> UInt64 { value << bits | value >> (64 - bits) }
