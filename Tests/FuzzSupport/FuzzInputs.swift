import AudioTestSupport

/// The inputs of one seeded fuzz run: input `n` is a seed with one to eight mutations, all chosen
/// by `SeededRandom.forInput(n, of: seed)` (SplitMix64), so any input can be made again from its number alone.
public struct FuzzInputs: Sendable {
  /// Valid inputs to start from.
  public let seeds: [[UInt8]]
  /// The run's seed.
  public let seed: UInt64
  /// The longest input made; longer ones are cut to it.
  public let longest: Int

  public init(seeds: [[UInt8]], seed: UInt64, longest: Int = 1 << 20) {
    precondition(!seeds.isEmpty, "a fuzz run needs at least one seed")
    self.seeds = seeds
    self.seed = seed
    self.longest = longest
  }

  /// Input number `index`.
  public func input(_ index: Int) -> [UInt8] {
    var random = SeededRandom.forInput(index, of: seed)
    var bytes = seeds.randomElement(using: &random)!
    // One input in 64 is a seed as it is, so valid inputs are exercised too.
    guard random.next() % 64 != 0 else { return bytes }
    for _ in 0..<Int.random(in: 1...8, using: &random) {
      let mutation = Mutation.allCases.randomElement(using: &random)!
      mutation.apply(to: &bytes, other: seeds.randomElement(using: &random)!, using: &random)
    }
    if bytes.count > longest { bytes.removeSubrange(longest...) }
    return bytes
  }
}
