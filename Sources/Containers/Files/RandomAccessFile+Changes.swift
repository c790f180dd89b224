import Foundation

extension RandomAccessFile {
  /// Writes `bytes` over the file's own from `offset`, then cuts the file at `end` when given;
  /// otherwise its length stays as it is.
  func overwrite(at offset: Int64, with bytes: [UInt8], truncatingAt end: Int64? = nil) throws(Failure) {
    do {
      let output = try FileHandle(forUpdating: URL(fileURLWithPath: path))
      defer { try? output.close() }
      try output.seek(toOffset: UInt64(offset))
      try output.write(contentsOf: bytes)
      if let end { try output.truncate(atOffset: UInt64(end)) }
      try output.synchronize()
    } catch {
      throw .unwritable(path: path, reason: error.localizedDescription)
    }
  }

  /// Writes the file again next to itself with `bytes` in place of its bytes in `range`, then
  /// renames it over the original.
  func replace(_ range: Range<Int64>, with bytes: [UInt8]) throws(Failure) {
    try rewrite { output throws(Failure) in
      try output.appendCopy(of: self, from: 0, to: range.lowerBound)
      try output.append(bytes)
      try output.appendCopy(of: self, from: range.upperBound, to: length)
    }
  }

  /// Writes the file again next to itself through `write`, then renames it over the original; on
  /// any error the original stays and the new file is removed.
  func rewrite(_ write: (ReplacementFile<Failure>) throws(Failure) -> Void) throws(Failure) {
    let output = try ReplacementFile<Failure>(replacing: path)
    try write(output)
    try output.commit()
  }
}
