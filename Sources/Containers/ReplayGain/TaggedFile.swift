/// The file whose tags change, its problems worded as ReplayGain tag errors.
typealias TaggedFile = RandomAccessFile<ReplayGainTagError>

extension RandomAccessFile<ReplayGainTagError> {
  /// Exactly `count` bytes from `offset`; a file that ends first is damaged, as `what` says.
  func readWhole(at offset: Int64, count: Int, _ what: @autoclosure () -> String) throws(ReplayGainTagError)
    -> [UInt8]
  {
    let bytes = try read(at: offset, count: count)
    guard bytes.count == count else { throw .damaged(path: path, reason: what()) }
    return bytes
  }
}
