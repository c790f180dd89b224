import Containers
import Foundation

/// A folder of facts about input files, one file per input and kind, so a second plan or render
/// of the same files decodes nothing.
///
/// An entry is used only while the file is unchanged (its `FileKey`) and the entry was written by
/// this version of the format. Entries are written atomically. A damaged entry or a folder that
/// cannot be written is noted and ignored: the cache never fails a render.
public struct FactsCache: Sendable {
  /// Bumped whenever the shape of what is stored, or how the analysis measures, changes; other
  /// versions' entries are not read. (4: loudness measured without libebur128's 0.1 LU histogram;
  /// 5: file keys without the device number, which differs between nodes sharing a cache;
  /// 6: lengths and damage of files whose timestamps skip ahead, as lost Ogg pages make them;
  /// 7: true peaks 16x oversampled, and the limiter's peak beside them; 8: an MP3's byte clock,
  /// which places the audio after damage.)
  public static let formatVersion = 8

  /// The cache's folder.
  public let folder: String

  /// A cache in `folder`, which is made (with a subfolder per format version) when the first entry is stored.
  public init(folder: String) { self.folder = folder }

  /// The user's cache: `SEGUE_CACHE_DIR`, else `$XDG_CACHE_HOME/segue` or `~/.cache/segue` on
  /// Linux and `~/Library/Caches/segue` on macOS; nil without a home folder.
  public static func standard(environment: [String: String] = ProcessInfo.processInfo.environment) -> FactsCache? {
    if let folder = environment["SEGUE_CACHE_DIR"], !folder.isEmpty { return FactsCache(folder: folder) }
    #if os(macOS)
      return environment["HOME"].map { FactsCache(folder: "\($0)/Library/Caches/segue") }
    #else
      if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") { return FactsCache(folder: "\(xdg)/segue") }
      return environment["HOME"].map { FactsCache(folder: "\($0)/.cache/segue") }
    #endif
  }

  /// What a look-up found.
  public enum Lookup<Value> {
    /// A valid entry was found: the value stored for the file as it is now.
    case hit(Value)
    /// No usable entry: none stored, or one stored for another path, kind or an earlier state of the file.
    case miss
    /// An entry was there but could not be read; the note says so.
    case ignored(note: String)
  }

  /// The place of the `kind` of facts about the file at `path`, as the file is now: load from it,
  /// measure, then store into it.
  public func slot(kind: String, for path: String) -> Slot {
    Slot(cache: self, kind: kind, path: path, key: FileKey.of(path: path))
  }

  /// The stored `kind` of facts about the file at `path`, if it is there and still valid.
  public func load<Value: Decodable>(_ type: Value.Type, kind: String, for path: String) -> Lookup<Value> {
    slot(kind: kind, for: path).load(type)
  }

  /// One entry's place, with the file's key taken when it was made: a value measured after that
  /// is stored only if the file is still the same, so a file replaced while it was measured (by
  /// another process, on another node) never gets the old file's facts under its new key.
  public struct Slot: Sendable {
    let cache: FactsCache
    let kind: String
    let path: String
    /// The file's key when the slot was made; nil when it could not be read.
    let key: FileKey?

    /// The stored value, if it is there and was stored for the file as it is.
    public func load<Value: Decodable>(_ type: Value.Type) -> Lookup<Value> {
      let file = cache.entryPath(kind: kind, for: path)
      guard let data = FileManager.default.contents(atPath: file) else { return .miss }
      guard let entry = try? JSONDecoder().decode(Entry<Value>.self, from: data) else {
        return .ignored(note: "cache: ignored a damaged entry for \(path) (\(file)); measured again")
      }
      guard entry.path == cache.absolute(path), entry.kind == kind, let key, entry.key == key else { return .miss }
      return .hit(entry.value)
    }

    /// Stores `value`, measured since the slot was made; returns a note when it cannot be kept.
    /// Nothing is stored when the file changed meanwhile.
    public func store<Value: Encodable>(_ value: Value) -> String? {
      guard let key, FileKey.of(path: path) == key else { return nil }
      let file = cache.entryPath(kind: kind, for: path)
      do {
        try FileManager.default.createDirectory(atPath: cache.versionFolder, withIntermediateDirectories: true)
        let data = try JSONEncoder().encode(Entry(kind: kind, path: cache.absolute(path), key: key, value: value))
        try FactsCache.replace(file, with: data)
        return nil
      } catch {
        return "cache: cannot write to \(cache.folder) (\((error as NSError).localizedDescription)); results are not kept"
      }
    }
  }

  /// How many entries the cache holds and their size in bytes.
  public func info() -> (entries: Int, bytes: Int64) {
    let files = entryFiles()
    let bytes = files.reduce(Int64(0)) { sum, file in
      sum + ((try? FileManager.default.attributesOfItem(atPath: file)[.size] as? Int64) ?? 0)
    }
    return (files.count, bytes)
  }

  /// Removes every entry (of every format version) and returns how many there were.
  @discardableResult
  public func clear() throws -> Int {
    let files = entryFiles()
    for file in files { try FileManager.default.removeItem(atPath: file) }
    return files.count
  }

  /// Writes `data` to a new file beside `file` and renames it over `file`, so a reader sees the
  /// old entry or the new one, never part of one. Unlike `Data.write(options: .atomic)` it does
  /// not sync to disk: an entry lost in a crash is measured again, and thousands of syncs made a
  /// cold plan of a long playlist seconds slower.
  fileprivate static func replace(_ file: String, with data: Data) throws {
    do {
      let replacement = try AtomicFileReplacement(temporaryPath: "\(file).\(UInt64.random(in: 0...UInt64.max) & 0xFFFF_FFFF_FFFF).tmp")
      try replacement.append(data)
      try replacement.commit(to: file, syncing: false, replacing: true)
    } catch {
      throw POSIXError(POSIXErrorCode(rawValue: error.errorNumber) ?? .EIO)
    }
  }

  fileprivate var versionFolder: String { "\(folder)/v\(Self.formatVersion)" }

  private func entryFiles() -> [String] {
    let manager = FileManager.default
    let versions = (try? manager.contentsOfDirectory(atPath: folder))?.filter { $0.hasPrefix("v") } ?? []
    return versions.flatMap { version in
      ((try? manager.contentsOfDirectory(atPath: "\(folder)/\(version)")) ?? []).filter { $0.hasSuffix(".json") }
        .map { "\(folder)/\(version)/\($0)" }
    }
  }

  fileprivate func entryPath(kind: String, for path: String) -> String {
    var hash = FNV1a()
    hash.add(Array(absolute(path).utf8))
    return "\(versionFolder)/\(String(hash.value, radix: 16))-\(kind).json"
  }

  fileprivate func absolute(_ path: String) -> String { URL(fileURLWithPath: path).standardizedFileURL.path }

  /// What one cache file holds.
  fileprivate struct Entry<Value> {
    var kind: String
    var path: String
    var key: FileKey
    var value: Value
  }
}

extension FactsCache.Entry: Encodable where Value: Encodable {}
extension FactsCache.Entry: Decodable where Value: Decodable {}
