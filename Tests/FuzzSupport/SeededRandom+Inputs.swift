import AudioTestSupport

extension SeededRandom {
  /// The generator for input `index` of a run seeded with `seed`: inputs are independent, so any
  /// one can be made again without making those before it.
  public static func forInput(_ index: Int, of seed: UInt64) -> SeededRandom {
    var mixer = SeededRandom(seed: seed ^ (UInt64(index) &* 0xD1B5_4A32_D192_ED03))
    return SeededRandom(seed: mixer.next())
  }
}
