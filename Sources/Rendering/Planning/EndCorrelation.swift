import Composition

/// Measures how alike the end of one input and the start of the next are, for `auto` crossfades.
enum EndCorrelation {
  /// Pearson's correlation of the two sides over the overlap, from -1 to 1, read from the inputs'
  /// edge snippets; where a side lies outside them (cue points deep inside a file, an overlap
  /// longer than the edges), that part of the file is decoded, with a note saying so.
  ///
  /// A stretched side is read over the source frames its part of the overlap plays; a side with
  /// pauses cut is read from its source's unbroken stretch nearest the overlap.
  static func measure(
    outgoing: PlanItem, incoming: PlanItem, inputs: [InputSource], facts: [SourceFacts], overlap: Int64, sampleRate: Int
  ) throws(RenderError) -> (correlation: Double, note: String?) {
    let end = outgoing.outPoint ?? outgoing.availableFrames
    let outgoingFrames = sourceSpan(of: overlap, in: outgoing)
    let incomingFrames = sourceSpan(of: overlap, in: incoming)
    let outgoingStart = max(outgoing.inPoint, outgoing.cuts.last?.skipped.upperBound ?? 0, end - outgoingFrames)
    let incomingEnd = min(incoming.outPoint ?? incoming.availableFrames, incoming.cuts.first?.skipped.lowerBound ?? .max, incoming.inPoint + incomingFrames)
    // An unsound item (its in point past its out point) is refused by the planner.
    guard outgoingStart < end, incoming.inPoint < incomingEnd else { return (0, nil) }
    let sides = [(outgoing.source, outgoingStart..<end), (incoming.source, incoming.inPoint..<incomingEnd)]
    var signals: [[Double]] = []
    var decoded: [String] = []
    for (source, played) in sides {
      let rate = facts[source].info.sampleRate
      let range = sourceFrame(played.lowerBound, rate, sampleRate)..<sourceFrame(played.upperBound, rate, sampleRate)
      if let samples = facts[source].edges?.samples(covering: range) {
        signals.append(samples)
      } else {
        signals.append(try EdgeCollector.samples(of: inputs[source], covering: range))
        decoded.append(inputs[source].label)
      }
    }
    let note = decoded.isEmpty ? nil : "measured the correlation of \(decoded.joined(separator: " and ")) by decoding it: the overlap lies outside the 10 s edges its facts keep"
    return (correlation(resampledToMatch(signals[0], signals[1])), note)
  }

  /// How many frames of its source `item` plays in `frames` frames of the timeline.
  private static func sourceSpan(of frames: Int64, in item: PlanItem) -> Int64 {
    guard let stretch = item.stretch, stretch.frames > 0 else { return frames }
    return Int64((Double(frames) * Double(item.playedFrames) / Double(stretch.frames)).rounded())
  }

  /// Where frame `frame` at the mix's rate lies in a source at `rate`.
  private static func sourceFrame(_ frame: Int64, _ rate: Int, _ mixRate: Int) -> Int64 {
    rate == mixRate ? frame : (frame * Int64(rate) + Int64(mixRate / 2)) / Int64(mixRate)
  }

  /// The two signals cut to a common length.
  private static func resampledToMatch(_ a: [Double], _ b: [Double]) -> ([Double], [Double]) {
    let n = min(a.count, b.count)
    return (Array(a.prefix(n)), Array(b.prefix(n)))
  }

  private static func correlation(_ pair: ([Double], [Double])) -> Double {
    let (a, b) = pair
    let n = a.count
    guard n > 1 else { return 0 }
    let meanA = a.reduce(0, +) / Double(n)
    let meanB = b.reduce(0, +) / Double(n)
    var covariance = 0.0, varianceA = 0.0, varianceB = 0.0
    for i in 0..<n {
      covariance += (a[i] - meanA) * (b[i] - meanB)
      varianceA += (a[i] - meanA) * (a[i] - meanA)
      varianceB += (b[i] - meanB) * (b[i] - meanB)
    }
    return varianceA > 0 && varianceB > 0 ? covariance / (varianceA * varianceB).squareRoot() : 0
  }
}
