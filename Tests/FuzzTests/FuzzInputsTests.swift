import AudioTestSupport

import FuzzSupport
import Testing

/// The seeded runner makes the same inputs every time, and makes them different from the seeds.
struct FuzzInputsTests {
  let inputs = FuzzInputs(seeds: [Array("#EXTM3U\none.flac\n".utf8), [0xFF, 0xFB, 0x90, 0x64]], seed: 42)

  @Test func sameNumberSameInput() {
    for number in [0, 1, 999, 123_456] {
      #expect(inputs.input(number) == inputs.input(number))
    }
  }

  @Test func differentSeedsDifferentInputs() {
    let other = FuzzInputs(seeds: inputs.seeds, seed: 43)
    let differing = (0..<50).filter { inputs.input($0) != other.input($0) }.count
    #expect(differing > 40)
  }

  @Test func mostInputsAreMutated() {
    let mutated = (0..<200).filter { !inputs.seeds.contains(inputs.input($0)) }.count
    #expect(mutated > 180)
  }

  @Test func generatorIsSplitMix64() {
    // The first outputs of SplitMix64 seeded with 0, as its reference implementation gives them.
    var random = SeededRandom(seed: 0)
    #expect(random.next() == 0xE220_A839_7B1D_CDAF)
    #expect(random.next() == 0x6E78_9E6A_A1B9_65F4)
  }
}
