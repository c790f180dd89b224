import Synchronization

/// Counts how often each file was decoded to gather its facts, so that tests (and anyone
/// curious) can see that a file is decoded once and a cached one not at all.
public enum FactsDecodes {
  private static let counts = Mutex<[String: Int]>([:])

  /// How many times the file at `path` has been decoded (wholly or in part) for its facts.
  public static func count(for path: String) -> Int {
    counts.withLock { $0[path] ?? 0 }
  }

  static func record(_ path: String) {
    counts.withLock { $0[path, default: 0] += 1 }
  }
}
