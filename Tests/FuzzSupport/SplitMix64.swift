/// A small, fast, seeded random number generator (Steele, Lea and Flood's SplitMix64): the same
/// seed gives the same numbers on every platform and in every build.
public struct SplitMix64: RandomNumberGenerator, Sendable {
  private var state: UInt64

  public init(seed: UInt64) { state = seed }

  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var mixed = state
    mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
    mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
    return mixed ^ (mixed >> 31)
  }

  /// The generator for input `index` of a run seeded with `seed`: inputs are independent, so any
  /// one can be made again without making those before it.
  public static func forInput(_ index: Int, of seed: UInt64) -> SplitMix64 {
    var mixer = SplitMix64(seed: seed ^ (UInt64(index) &* 0xD1B5_4A32_D192_ED03))
    return SplitMix64(seed: mixer.next())
  }
}
