import Composition
import Testing

@testable import Analysis

/// The mode of the key the profiles found is the one its third and sixth give over the whole
/// signal, and a key is in doubt where they weigh alike or another pitch class outweighs its tonic.
@Suite struct KeyDecisionTests {
  /// Twelve pitch-class weights from C: `base` everywhere, then `weights` where given.
  static func chroma(_ weights: [Int: Double], base: Double = 1) -> [Double] {
    (0..<12).map { weights[$0] ?? base }
  }

  /// C's minor third and sixth (Eb, Ab) outweigh its major ones (E, A): C minor, whatever the
  /// profiles said, and no doubt.
  @Test func theThirdAndSixthChooseTheMode() {
    let minor = Self.chroma([0: 10, 7: 8, 3: 6, 8: 4, 4: 2, 9: 2])
    for found in [MusicalKey(tonic: 0, mode: .major), MusicalKey(tonic: 0, mode: .minor)] {
      let (key, doubt) = KeyProfiles.decided(found, whole: minor)
      #expect(key == MusicalKey(tonic: 0, mode: .minor) && doubt == nil, "\(found.name) -> \(key.name), \(String(describing: doubt))")
    }
    let major = Self.chroma([0: 10, 7: 8, 4: 6, 9: 4, 3: 2, 8: 2])
    let (key, doubt) = KeyProfiles.decided(MusicalKey(tonic: 0, mode: .minor), whole: major)
    #expect(key == MusicalKey(tonic: 0, mode: .major) && doubt == nil)
  }

  /// Thirds and sixths within 5 % of each other leave the profiles' mode, in doubt.
  @Test func aTieLeavesTheModeInDoubt() {
    let tied = Self.chroma([0: 10, 7: 8, 3: 5, 8: 3, 4: 4.9, 9: 3])
    let (key, doubt) = KeyProfiles.decided(MusicalKey(tonic: 0, mode: .major), whole: tied)
    #expect(key == MusicalKey(tonic: 0, mode: .major) && doubt == .mode)
  }

  /// A tonic heard less than 90 % as much as another pitch class leaves the key in doubt, naming
  /// that pitch class; at 90 % or more it does not.
  @Test func aPitchClassHeardMoreThanTheTonicLeavesItInDoubt() {
    let dorian = Self.chroma([2: 10, 7: 8.7, 9: 6, 11: 5, 5: 3, 4: 4])
    let (_, doubt) = KeyProfiles.decided(MusicalKey(tonic: 7, mode: .major), whole: dorian)
    #expect(doubt == .tonic(heardMore: 2))
    #expect(KeyAnalysis.Doubt.tonic(heardMore: 2).description == "D is heard more than its tonic")
    let close = Self.chroma([2: 10, 7: 9.1, 11: 6, 9: 4, 10: 2, 3: 1])
    #expect(KeyProfiles.decided(MusicalKey(tonic: 7, mode: .major), whole: close).doubt == nil)
  }

  /// A key in doubt is not sure however many segments voted for it.
  @Test func aKeyInDoubtIsNotSure() {
    let key = MusicalKey(tonic: 0, mode: .minor)
    #expect(KeyAnalysis(key: key, confidence: 0.9, tuningCents: 0).isSure)
    #expect(!KeyAnalysis(key: key, confidence: 0.9, tuningCents: 0, doubt: .mode).isSure)
    #expect(!KeyAnalysis(key: key, confidence: 0.49, tuningCents: 0).isSure)
  }
}
