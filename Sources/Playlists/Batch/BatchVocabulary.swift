/// The keys a batch manifest's item may hold: `render`'s long options without their dashes.
///
/// The command line knows its options; it hands them here so the manifest always takes exactly
/// what `render` takes, and nothing a render would not.
public struct BatchVocabulary: Sendable {
  /// Options that are on or off (`measure`, `verify`): true or false in the manifest.
  public var flags: Set<String>
  /// Options that take a value (`crossfade`, `loudness`).
  public var valued: Set<String>
  /// Valued options whose value is a file, resolved against the manifest's folder like `inputs`.
  public var paths: Set<String>
  /// Those of `paths` that a render writes (a cue sheet, a page): no two items may share one.
  public var writtenPaths: Set<String>
  /// Options that are not part of a request, with why (`progress` shapes the terminal).
  public var refused: [String: String]

  /// The vocabulary of `render`'s options, without those in `refused`; written paths count among `paths` too.
  public init(flags: Set<String>, valued: Set<String>, paths: Set<String>, writtenPaths: Set<String> = [], refused: [String: String]) {
    self.flags = flags.subtracting(refused.keys)
    self.valued = valued.subtracting(refused.keys)
    self.paths = paths.union(writtenPaths)
    self.writtenPaths = writtenPaths
    self.refused = refused
  }

  /// The keys every item may hold besides the options.
  static let itemKeys: Set<String> = ["inputs", "output", "schemaVersion"]

  /// Every key an item may hold, sorted.
  var allKeys: [String] { Self.itemKeys.union(flags).union(valued).sorted() }
}
