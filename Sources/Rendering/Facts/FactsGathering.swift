import Analysis
import FFmpegAudio
import SampleBlocks

/// Gathers an input's facts: from the cache when they are there, otherwise from its header and
/// at most one decode, then stores them back.
struct FactsGathering {
  let cache: FactsCache?
  let needs: FactsNeeds
  /// How many cores one input's facts may use (the cores over the inputs gathered at once).
  var partsPerInput = 1

  /// How much of each edge to decode for the snippets, in seconds (a second more than kept).
  private static let edgeSeconds = Double(EdgeSnippets.length) / Double(EdgeSnippets.rate) + 1

  /// The facts of `input` (its header already checked, so `info` is known), and any note;
  /// `decoding`, when given, hears the frames decoded so far as a whole decode goes.
  func facts(
    of input: InputSource, info: AudioStreamInfo, notes: inout [String], decoding: ((Int64) -> Void)? = nil
  ) throws(RenderError) -> SourceFacts {
    if input.tolerance != .strict && !needs.decoded {
      // Damage or truncation is only known, and reported, from a whole decode.
      var needs = needs
      needs.decoded = true
      return try FactsGathering(cache: cache, needs: needs, partsPerInput: partsPerInput).facts(of: input, info: info, notes: &notes, decoding: decoding)
    }
    var known: SourceFacts?
    let slot = cache?.slot(kind: "facts", for: input.path)
    if let slot {
      switch slot.load(SourceFacts.self) {
      case .hit(let facts): known = facts
      case .miss: break
      case .ignored(let note): notes.append(note)
      }
    }
    if let known, needs.areMet(by: known) { return try checked(known, of: input, notes: &notes) }
    let facts: SourceFacts
    do {
      facts = try gather(input.path, info: known?.info ?? info, known: known, tolerance: input.tolerance, decoding: decoding)
    } catch {
      throw .input(input, InputCheck.problem(for: error))
    }
    if let slot, facts.frameCount > 0, let note = slot.store(facts) { notes.append(note) }
    return try checked(facts, of: input, notes: &notes)
  }

  /// `facts`, unless they show a file with no audio in it; what damage or truncation was decoded
  /// through becomes notes.
  private func checked(_ facts: SourceFacts, of input: InputSource, notes: inout [String]) throws(RenderError) -> SourceFacts {
    guard facts.frameCount > 0 else { throw .input(input, .noAudio) }
    if let note = facts.info.gapless?.note { notes.append("\(input.label): \(note)") }
    if let note = facts.info.oggEnding?.note { notes.append("\(input.label): \(note)") }
    if let decoded = facts.decoded { notes += decoded.lossNotes(for: input.label, sampleRate: facts.info.sampleRate) }
    return facts
  }

  private func gather(
    _ path: String, info: AudioStreamInfo, known: SourceFacts?, tolerance: DecodeTolerance, decoding: ((Int64) -> Void)?
  ) throws(AudioFileError) -> SourceFacts {
    if let length = known?.frameCount ?? info.declaredFrameCount, !needs.decodesWhole,
      let facts = try bySeeking(path, info: info, known: known, length: length)
    {
      return facts
    }
    var facts = try decodeWhole(path, info: info, tolerance: tolerance, decoding: decoding)
    // What an earlier decode found and this one did not look for is kept.
    facts.edges = facts.edges ?? known?.edges
    if facts.analysis == nil { facts.analysis = known?.analysis }
    if facts.tempo == nil { facts.tempo = known?.tempo }
    if facts.key == nil { facts.key = known?.key }
    if facts.bands == nil { facts.bands = known?.bands }
    facts.audible = latest(known?.audible, then: facts.audible ?? [])
    return facts
  }

  /// What is needed, found where the file can be entered exactly (its edges, its audible spans)
  /// from a length it states; nil where it cannot (then the whole file is decoded instead).
  private func bySeeking(_ path: String, info: AudioStreamInfo, known: SourceFacts?, length: Int64) throws(AudioFileError) -> SourceFacts? {
    var facts = known ?? SourceFacts(info: info, frameCount: length)
    if needs.edges, facts.edges == nil {
      guard let edges = try edgesBySeeking(path, info: info, length: length) else { return nil }
      facts.edges = edges
    }
    let missing = needs.audibleThresholds.filter { facts.audible(at: $0) == nil }
    if !missing.isEmpty {
      let parts = partsPerInput
      guard let found = try AudibleScan.spans(path, info: info, length: length, thresholds: missing, parts: parts) else { return nil }
      facts.audible = latest(facts.audible, then: found)
    }
    return facts
  }

  /// `earlier` spans but those at the thresholds `found` has, then `found`: every threshold this
  /// gathering needs, and of the rest the latest, `keptThresholds` in all at most, so trying
  /// thresholds does not grow the cache without end.
  private func latest(_ earlier: [AudibleSpans]?, then found: [AudibleSpans]) -> [AudibleSpans] {
    let thresholds = Set(found.map(\.thresholdDB))
    let all = (earlier ?? []).filter { !thresholds.contains($0.thresholdDB) } + found
    let needed = Set(needs.audibleThresholds)
    let others = all.filter { !needed.contains($0.thresholdDB) }.suffix(max(0, Self.keptThresholds - needed.count))
    let kept = Set(others.map(\.thresholdDB)).union(needed)
    return all.filter { kept.contains($0.thresholdDB) }
  }

  /// How many thresholds' audible spans a file's facts keep, besides those needed now.
  private static let keptThresholds = 4

  /// Decodes the whole file once: its exact length, delay and padding, both edges, and the
  /// analysis, spans and tempo that are needed; tells `decoding` the frames decoded after each
  /// block.
  private func decodeWhole(
    _ path: String, info: AudioStreamInfo, tolerance: DecodeTolerance, decoding: ((Int64) -> Void)?
  ) throws(AudioFileError) -> SourceFacts {
    FactsDecodes.record(path)
    let reader = try AudioFileReader(path: path, tolerance: tolerance, known: info)
    let collector = try EdgeCollector(sourceRate: info.sampleRate, channels: reader.output.channelCount)
    let (rate, channels) = (reader.output.sampleRate, reader.output.channelCount)
    let analyzer = needs.analysis ? SignalAnalyzer(sampleRate: rate, channelCount: channels) : nil
    let loudness = analyzer.map { analyzer in Self.onThread("segue.loudness", add: analyzer.loudness.add, finish: {}) }
    let music = MusicAnalyzer(sampleRate: rate, channelCount: channels, tempo: needs.tempo, key: needs.key).map { analyzer in
      Self.onThread("segue.music", add: analyzer.add, finish: analyzer.finish)
    }
    let thresholds = needs.audibleThresholds
    let spans = thresholds.isEmpty ? nil : AudibleSpansFinder(sampleRate: rate, channelCount: channels, thresholdsDB: thresholds)
    let bands = needs.bands ? BandPeaksFinder(sampleRate: rate, channelCount: channels) : nil
    let pool = SampleBlockPool()
    while let block = try reader.nextBlock() {
      if loudness != nil || music != nil {
        let copy = pool.block(copying: block)
        loudness?.add(copy)
        music?.add(copy)
      }
      analyzer?.levels.add(block)
      try collector.add(block)
      spans?.add(block)
      bands?.add(block)
      decoding?(reader.framesDelivered)
    }
    var facts = SourceFacts(
      info: info, frameCount: reader.framesDelivered,
      decoded: DecodedFacts(
        delay: reader.delayRemoved, padding: reader.paddingRemoved, damagedRanges: reader.damagedRanges,
        missingAtEnd: reader.missingAtEnd),
      edges: try collector.finish(),
      analysis: loudness.flatMap { $0.finish(); return analyzer?.finish() }, audible: spans?.finish())
    (facts.tempo, facts.key) = music?.finish() ?? (nil, nil)
    facts.bands = bands?.finish()
    return facts
  }

  /// A listener of the decoded blocks on a thread of its own, handed a copy of each (in a buffer
  /// used again once both listeners are done with it): the loudness
  /// meter and the tempo tracker, the pass's two heaviest, run beside the decoding (with the
  /// peaks, edges and silences) and each other.
  private static func onThread<Outcome>(
    _ name: String, add: @escaping (UnsafeBufferPointer<Float>) -> Void, finish: @escaping () -> Outcome
  ) -> BackgroundWorker<SampleBlock, Outcome> {
    BackgroundWorker(name: name, capacity: 16, work: { block in add(UnsafeBufferPointer(block.samples)) }, conclude: finish)
  }

  /// Decodes only the first and last seconds, where the file can be entered exactly; nil where
  /// it cannot (then the whole file is decoded instead).
  private func edgesBySeeking(_ path: String, info: AudioStreamInfo, length: Int64) throws(AudioFileError) -> EdgeSnippets? {
    let edgeFrames = Int64(Self.edgeSeconds * Double(info.sampleRate))
    let tailStart = max(0, length - edgeFrames)
    let tailReader = try AudioFileReader(path: path, known: info)
    let entered = tailStart == 0 ? true : try tailReader.seek(toFrame: tailStart)
    guard entered else { return nil }
    FactsDecodes.record(path)
    if tailStart == 0 {
      // The whole file is one edge's length: a single decode gives both, as a second reader would.
      let both = try EdgeCollector(sourceRate: info.sampleRate, channels: tailReader.output.channelCount)
      while let block = try tailReader.nextBlock() { try both.add(block) }
      return try both.finish()
    }
    let headReader = try AudioFileReader(path: path, known: info)
    let head = try EdgeCollector(sourceRate: info.sampleRate, channels: headReader.output.channelCount)
    while headReader.framesDelivered < edgeFrames, let block = try headReader.nextBlock() { try head.add(block) }
    let tail = try EdgeCollector(sourceRate: info.sampleRate, channels: tailReader.output.channelCount, startingAt: tailStart)
    while let block = try tailReader.nextBlock() { try tail.add(block) }
    return try tail.finish(head: try head.finishHead())
  }
}
