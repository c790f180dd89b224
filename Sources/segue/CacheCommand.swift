import ArgumentParser
import Foundation
import Rendering

/// `segue cache`: what the facts cache holds, and emptying it.
struct CacheCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "cache",
    abstract: "Show or clear the cache of facts Segue keeps about input files (lengths, edges).",
    subcommands: [Info.self, Clear.self])

  /// `segue cache info`.
  struct Info: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Show where the cache is and how much it holds.")

    func run() throws {
      guard let cache = FactsCache.standard() else { throw ValidationError("no cache folder: set SEGUE_CACHE_DIR or HOME") }
      let (entries, bytes) = cache.info()
      print("\(cache.folder): \(entries) entr\(entries == 1 ? "y" : "ies"), \(String(format: "%.1f", Double(bytes) / 1_048_576)) MiB")
    }
  }

  /// `segue cache clear`.
  struct Clear: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Remove every entry of the cache.")

    func run() throws {
      guard let cache = FactsCache.standard() else { throw ValidationError("no cache folder: set SEGUE_CACHE_DIR or HOME") }
      let removed = try cache.clear()
      print("Removed \(removed) cache entr\(removed == 1 ? "y" : "ies") from \(cache.folder)")
    }
  }
}
