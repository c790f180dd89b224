import ArgumentParser
import Rendering

/// The option that turns the facts cache off for one run.
struct CacheFlags: ParsableArguments {
  @Flag(help: "Neither read nor write the facts cache (SEGUE_CACHE_DIR, or the user's cache folder).")
  var noCache = false

  /// The cache to use, or nil.
  var cache: FactsCache? { noCache ? nil : FactsCache.standard() }
}
