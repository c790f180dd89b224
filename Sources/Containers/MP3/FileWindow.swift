/// A read-only view of a file's bytes by absolute offset, through one bounded buffer.
///
/// Reading moves a window of `capacity` bytes over the file; an offset outside it reloads the
/// window a little before that offset, so a scan that looks ahead and then steps back a few bytes
/// does not reload. Memory stays at one window whatever the file's size.
struct FileWindow {
  /// The file's length in bytes.
  let length: Int64
  /// Reads up to `count` bytes from an offset; nil when the file cannot be read.
  private let read: (_ offset: Int64, _ count: Int) -> [UInt8]?
  private let capacity: Int
  /// Bytes kept before a requested offset when the window moves.
  private let lookBehind: Int
  private var start: Int64 = 0
  private var bytes: [UInt8] = []

  /// A window over `file`, whatever error type it words its problems in.
  init<Failure>(_ file: RandomAccessFile<Failure>, capacity: Int = 1 << 20) {
    length = file.length
    read = { offset, count in try? file.read(at: offset, count: count) }
    self.capacity = max(capacity, 8192)
    lookBehind = self.capacity / 16
  }

  /// The most bytes one call to `bytes(at:count:)` returns.
  var largestRead: Int { capacity - lookBehind }

  /// The byte at `offset`, or nil past the end of the file.
  mutating func byte(at offset: Int64) -> UInt8? {
    guard load(offset, count: 1) else { return nil }
    return bytes[Int(offset - start)]
  }

  /// The big-endian 32-bit word at `offset`, or nil when fewer than four bytes remain.
  mutating func word(at offset: Int64) -> UInt32? {
    guard load(offset, count: 4) else { return nil }
    let index = Int(offset - start)
    return UInt32(bytes[index]) << 24 | UInt32(bytes[index + 1]) << 16 | UInt32(bytes[index + 2]) << 8
      | UInt32(bytes[index + 3])
  }

  /// Up to `count` bytes from `offset` (fewer at the end of the file); `count` is capped at
  /// `largestRead`.
  mutating func bytes(at offset: Int64, count: Int) -> [UInt8] {
    guard offset >= 0, offset < length, count > 0 else { return [] }
    let wanted = Int(min(Int64(min(count, largestRead)), length - offset))
    guard load(offset, count: wanted) else { return [] }
    let index = Int(offset - start)
    return Array(bytes[index..<index + wanted])
  }

  /// The last offset in `range` where `pattern` begins; `range` is read in one piece, so at most
  /// `largestRead` bytes of it are searched.
  mutating func lastOffset(of pattern: [UInt8], in range: Range<Int64>) -> Int64? {
    let found = bytes(at: range.lowerBound, count: Int(range.count))
    guard found.count >= pattern.count else { return nil }
    for index in stride(from: found.count - pattern.count, through: 0, by: -1)
    where found[index..<index + pattern.count].elementsEqual(pattern) {
      return range.lowerBound + Int64(index)
    }
    return nil
  }

  /// Makes `count` bytes from `offset` present in the window; false when the file ends first.
  private mutating func load(_ offset: Int64, count: Int) -> Bool {
    guard offset >= 0, offset + Int64(count) <= length else { return false }
    if offset >= start, offset + Int64(count) <= start + Int64(bytes.count) { return true }
    let newStart = max(0, min(offset - Int64(lookBehind), length - Int64(capacity)))
    guard let loaded = read(newStart, capacity) else { return false }
    start = newStart
    bytes = loaded
    return offset + Int64(count) <= start + Int64(bytes.count)
  }
}
