import AudioTestSupport
import Foundation
import Testing

@testable import Containers

/// The one way the containers read and change files: reads by offset, changes in place, and new
/// versions written beside the file and renamed over it.
@Suite("Random access file")
struct RandomAccessFileTests {
  let folder = TemporaryFolder("random-access")
  let bytes = (0..<1000).map { UInt8($0 % 251) }

  func made(_ name: String = "file.bin", permissions: Int = 0o644) throws -> RandomAccessFile<FileAccessError> {
    let path = folder.file(name)
    _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
    try FileManager.default.setAttributes([.posixPermissions: permissions], ofItemAtPath: path)
    return try RandomAccessFile(path: path)
  }

  func contents(_ file: RandomAccessFile<FileAccessError>) -> [UInt8] {
    [UInt8](FileManager.default.contents(atPath: file.path) ?? Data())
  }

  func permissions(_ path: String) throws -> Int? {
    try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
  }

  @Test func readsAreCutOnlyByTheEnd() throws {
    let file = try made()
    #expect(file.length == 1000)
    #expect(try file.read(at: 990, count: 4) == Array(bytes[990..<994]))
    #expect(try file.read(at: 990, count: 50) == Array(bytes[990...]))
    #expect(try file.read(at: 1000, count: 8) == [])
    #expect(try file.read(at: 5000, count: 8) == [])
  }

  @Test func overwriteKeepsOrCutsTheLength() throws {
    let file = try made()
    try file.overwrite(at: 10, with: [1, 2, 3])
    #expect(contents(file) == Array(bytes[..<10]) + [1, 2, 3] + bytes[13...])
    try file.overwrite(at: 10, with: [4], truncatingAt: 11)
    #expect(contents(file) == Array(bytes[..<10]) + [4])
  }

  /// The new version takes the original's permissions, and no temporary file is left.
  @Test func replaceKeepsThePermissions() throws {
    let file = try made(permissions: 0o640)
    try file.replace(100..<900, with: [7, 7])
    #expect(contents(file) == Array(bytes[..<100]) + [7, 7] + bytes[900...])
    #expect(try permissions(file.path) == 0o640)
    #expect(folder.contents() == ["file.bin"])
  }

  /// A failure while writing the new version leaves the original as it was, and no temporary file.
  @Test func failedRewriteLeavesTheOriginal() throws {
    let file = try made()
    #expect(throws: FileAccessError.self) {
      try file.rewrite { output throws(FileAccessError) in
        try output.append([1, 2, 3])
        try output.appendCopy(of: file, from: 0, to: 500)
        throw .unreadable(path: file.path, reason: "stopped")
      }
    }
    #expect(contents(file) == bytes)
    #expect(folder.contents() == ["file.bin"])
  }
}
