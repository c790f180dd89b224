import Composition
import Testing

/// Keys in the three spellings DJs use, and how two keys relate on the Camelot wheel.
@Suite struct MusicalKeyTests {
  /// Every key's Camelot and Open Key codes, as the wheels print them.
  @Test func everyKeyHasItsPlaceOnBothWheels() {
    let major = ["8B", "3B", "10B", "5B", "12B", "7B", "2B", "9B", "4B", "11B", "6B", "1B"]
    let minor = ["5A", "12A", "7A", "2A", "9A", "4A", "11A", "6A", "1A", "8A", "3A", "10A"]
    let openMajor = ["1d", "8d", "3d", "10d", "5d", "12d", "7d", "2d", "9d", "4d", "11d", "6d"]
    let openMinor = ["10m", "5m", "12m", "7m", "2m", "9m", "4m", "11m", "6m", "1m", "8m", "3m"]
    for tonic in 0..<12 {
      let (majorKey, minorKey) = (MusicalKey(tonic: tonic, mode: .major), MusicalKey(tonic: tonic, mode: .minor))
      #expect(majorKey.camelot == major[tonic] && minorKey.camelot == minor[tonic], "\(tonic)")
      #expect(majorKey.openKey == openMajor[tonic] && minorKey.openKey == openMinor[tonic], "\(tonic)")
    }
    #expect(MusicalKey(tonic: 9, mode: .minor).name == "A minor" && MusicalKey(tonic: 3, mode: .major).name == "Eb major")
    #expect(MusicalKey(tonic: 6, mode: .minor).name == "F# minor" && MusicalKey(tonic: -1, mode: .major).name == "B major")
  }

  /// Each key reads back from each of its spellings, and the usual short forms read too.
  @Test func everySpellingReadsBack() {
    for key in MusicalKey.all {
      #expect(MusicalKey(key.camelot) == key && MusicalKey(key.camelot.lowercased()) == key, "\(key.camelot)")
      #expect(MusicalKey(key.openKey) == key && MusicalKey(key.name) == key, "\(key.openKey) \(key.name)")
    }
    let spelled: [(String, Int, MusicalKey.Mode)] = [
      ("Am", 9, .minor), ("F#m", 6, .minor), ("Gbm", 6, .minor), ("Bb", 10, .major), ("bbm", 10, .minor), ("B", 11, .major),
      ("E♭ major", 3, .major), ("C# min", 1, .minor), ("Dbmaj", 1, .major), (" 12b ", 4, .major), ("Cb", 11, .major),
    ]
    for (text, tonic, mode) in spelled { #expect(MusicalKey(text) == MusicalKey(tonic: tonic, mode: mode), "\(text)") }
    for text in ["", "H", "13A", "0B", "8C", "Am7", "A minor minor", "#", "8"] { #expect(MusicalKey(text) == nil, "\(text)") }
  }

  /// Same, adjacent (a step round the wheel), relative (the other letter), and clashes with their
  /// distance.
  @Test func relationsFollowTheWheel() throws {
    let relation = { (outgoing: String, incoming: String) throws -> KeyRelation in
      KeyRelation(from: try #require(MusicalKey(outgoing)), to: try #require(MusicalKey(incoming)))
    }
    #expect(try relation("8A", "8A") == .same)
    #expect(try relation("8A", "9A") == .adjacent && relation("12B", "1B") == .adjacent)
    #expect(try relation("8A", "8B") == .relative)
    #expect(try relation("8A", "10A") == .clash(distance: 2))
    #expect(try relation("8A", "9B") == .clash(distance: 2))
    #expect(try relation("1A", "7B") == .clash(distance: 7))
    let key = { (text: String) throws -> MusicalKey in try #require(MusicalKey(text)) }
    #expect(KeyRelation(from: try key("C major"), to: try key("G major")).isCompatible)
    #expect(!KeyRelation(from: try key("C major"), to: try key("C# major")).isCompatible)
    let (aMinor, bFlatMinor, c, b) = (try key("A minor"), try key("Bb minor"), try key("C"), try key("B"))
    #expect(aMinor.transposed(by: 1) == bFlatMinor && c.transposed(by: -13) == b)
  }
}
