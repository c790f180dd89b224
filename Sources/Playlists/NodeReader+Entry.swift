import Composition
import Settings
import Yams

extension NodeReader {
  /// The cue points, gain, fades and transition among an entry's (or overlay's) fields.
  func entryOptions(_ fields: [String: Node]) throws(PlaylistError) -> EntryOptions {
    var options = EntryOptions(
      inPoint: try fields["in"].map { n throws(PlaylistError) in .seconds(try time(n, "in")) },
      outPoint: try fields["out"].map { n throws(PlaylistError) in .seconds(try time(n, "out")) },
      gainDB: try fields["gain"].map { n throws(PlaylistError) in try checked(n, .gain) },
      fadeIn: try fields["fade-in"].map { n throws(PlaylistError) in try fade(n, "fade-in") },
      fadeOut: try fields["fade-out"].map { n throws(PlaylistError) in try fade(n, "fade-out") },
      transition: try fields["transition"].flatMap { n throws(PlaylistError) in try entryTransition(n) })
    if let node = fields["loudness"] {
      guard node.scalar?.string == "off" else { throw error(node, "an entry's 'loudness' can only be 'off' (leave it out of levelling)") }
      options.loudnessExempt = true
    }
    options.silence = try silenceSettings(fields, inEntry: true)
    options.stretch = try stretchSpec(fields)
    options.beat = try beatSpec(fields)
    options.tempoRange = try fields["tempo-range"].map { n throws(PlaylistError) in try tempoRange(n) }
    options.key = try fields["key"].map { n throws(PlaylistError) in try musicalKey(n) }
    options.pitch = try fields["pitch"].map { n throws(PlaylistError) in Int(try checked(n, .pitch)) }
    if let node = fields["transition"]?.mapping?["beatmatch"] { options.beatMatch = try bool(node, "beatmatch") }
    if let node = fields["transition"]?.mapping?["eq-swap"] { options.eqSwap = try bool(node, "eq-swap") }
    if let inPoint = options.inPoint, let outPoint = options.outPoint, inPoint >= outPoint {
      throw error(fields["in"]!, "'in' (\(inPoint.seconds) s) must come before 'out' (\(outPoint.seconds) s)")
    }
    return options
  }
}

extension NodeReader {
  /// `speed`, `length` or `tempo`, with `method`, among an entry's fields (`speed` and `method`
  /// among the defaults too); nil when none is given.
  func stretchSpec(_ fields: [String: Node]) throws(PlaylistError) -> StretchSpec? {
    guard fields["speed"] != nil || fields["length"] != nil || fields["tempo"] != nil || fields["method"] != nil else { return nil }
    let targets = ["speed", "length", "tempo"].filter { fields[$0] != nil }
    if targets.count > 1 { throw error(fields[targets[1]]!, "give one of 'speed', 'length' and 'tempo', not \(Self.quotedList(targets))") }
    var spec = StretchSpec()
    spec.speed = try fields["speed"].map { n throws(PlaylistError) in
      let speed = try number(n, "speed")
      guard StretchSpec.speedRange.contains(speed) else { throw error(n, "'speed' must be from 0.5 to 2 (a playback rate), not \(n.string ?? "?")") }
      return speed
    }
    spec.length = try fields["length"].map { n throws(PlaylistError) in try time(n, "length", longerThanZero: true) }
    spec.tempo = try fields["tempo"].map { n throws(PlaylistError) in
      let bpm = try number(n, "tempo")
      guard BeatSpec.tempoRange.contains(bpm) else { throw error(n, "'tempo' must be from 20 to 400 BPM, not \(n.string ?? "?")") }
      return bpm
    }
    if let node = fields["method"] { spec.method = (try choice(node, .method) as StretchChoice).method }
    return spec
  }
}

extension NodeReader {
  /// An entry's transition; nil when its mapping only says whether to match beats or swap the
  /// bass (the mix's transition then applies).
  func entryTransition(_ node: Node) throws(PlaylistError) -> TransitionSpec? {
    if let mapping = node.mapping, !mapping.isEmpty, mapping.keys.allSatisfy({ ["beatmatch", "eq-swap"].contains($0.string ?? "") }) {
      return nil
    }
    return try transition(node)
  }

  /// `bpm` and `first-beat` among an entry's fields.
  func beatSpec(_ fields: [String: Node]) throws(PlaylistError) -> BeatSpec {
    BeatSpec(
      beatsPerMinute: try fields["bpm"].map { n throws(PlaylistError) in
        let bpm = try number(n, "bpm")
        guard BeatSpec.tempoRange.contains(bpm) else { throw error(n, "'bpm' must be from 20 to 400, not \(n.string ?? "?")") }
        return bpm
      },
      firstBeat: try fields["first-beat"].map { n throws(PlaylistError) in try time(n, "first-beat") })
  }
}

extension NodeReader {
  /// A `key` in any of the three spellings: `8A`, `1m`, `A minor`.
  func musicalKey(_ node: Node) throws(PlaylistError) -> MusicalKey {
    guard let text = node.scalar?.string, let key = MusicalKey(text) else {
      throw error(node, "'key' must be a key as Camelot (8A), Open Key (1m) or a name (A minor, F#m, Eb) writes it, not \(node.string ?? "?")")
    }
    return key
  }

  /// A `tempo-range` (`70-140`).
  func tempoRange(_ node: Node) throws(PlaylistError) -> ClosedRange<Double> {
    switch TempoRangeText.range(node.scalar?.string ?? "") {
    case .success(let range): return range
    case .failure(let problem): throw error(node, "'tempo-range' \(problem.text)")
    }
  }

  /// The beat-matching and bass-swap choices among a playlist's defaults.
  func beatMatchChoices(_ fields: [String: Node]) throws(PlaylistError) -> DJTransitionChoices {
    var choices = DJTransitionChoices()
    choices.enabled = try fields["beatmatch"].map { n throws(PlaylistError) in try bool(n, "beatmatch") }
    choices.holdTempo = try fields["hold-tempo"].map { n throws(PlaylistError) in try bool(n, "hold-tempo") }
    choices.eqSwap = try fields["eq-swap"].map { n throws(PlaylistError) in try bool(n, "eq-swap") }
    choices.rampBars = try fields["tempo-ramp"].map { n throws(PlaylistError) in Int(try checked(n, .tempoRamp)) }
    choices.maxTempoChangePercent = try fields["max-tempo-change"].map { n throws(PlaylistError) in try checked(n, .maxTempoChange) }
    if let node = fields["beatmatch-method"] { choices.method = (try choice(node, .beatmatchMethod) as StretchChoice).method.map(Override.set) ?? .reset }
    if let node = fields["key-shift"] { choices.keyShift = try choice(node, .keyShift) == KeyShiftChoice.auto }
    choices.maxKeyShift = try fields["max-key-shift"].map { n throws(PlaylistError) in Int(try checked(n, .maxKeyShift)) }
    return choices
  }
}
