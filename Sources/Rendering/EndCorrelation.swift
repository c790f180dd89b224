import Composition
import FFmpegAudio

/// Measures how alike the end of one input and the start of the next are, for `auto` crossfades.
enum EndCorrelation {
  /// Pearson's correlation of the two sides' channel sums over the overlap, from -1 to 1.
  static func measure(outgoing: PlanItem, incoming: PlanItem, inputs: [InputSource], overlap: Int64, sampleRate: Int) throws -> Double {
    let end = outgoing.outPoint ?? outgoing.availableFrames
    let tail = try monoFrames(of: inputs[outgoing.source], from: end - overlap, count: overlap, sampleRate: sampleRate)
    let head = try monoFrames(of: inputs[incoming.source], from: incoming.inPoint, count: overlap, sampleRate: sampleRate)
    return correlation(tail, head)
  }

  /// `count` frames from `start`, summed over channels.
  private static func monoFrames(of input: InputSource, from start: Int64, count: Int64, sampleRate: Int) throws -> [Double] {
    let info = try AudioStreamInfo.probe(path: input.path)
    let reader = try AudioFileReader(path: input.path, output: PCMLayout(sampleRate: sampleRate, channelCount: info.channelCount))
    let channels = info.channelCount
    var result: [Double] = []
    result.reserveCapacity(Int(count))
    var position: Int64 = 0
    while Int64(result.count) < count, let block = try reader.nextBlock() {
      for frame in 0..<(block.count / channels) where position + Int64(frame) >= start && Int64(result.count) < count {
        var sum = 0.0
        for channel in 0..<channels { sum += Double(block[frame * channels + channel]) }
        result.append(sum)
      }
      position += Int64(block.count / channels)
    }
    return result
  }

  private static func correlation(_ a: [Double], _ b: [Double]) -> Double {
    let n = min(a.count, b.count)
    guard n > 1 else { return 0 }
    let meanA = a[0..<n].reduce(0, +) / Double(n)
    let meanB = b[0..<n].reduce(0, +) / Double(n)
    var covariance = 0.0, varianceA = 0.0, varianceB = 0.0
    for i in 0..<n {
      covariance += (a[i] - meanA) * (b[i] - meanB)
      varianceA += (a[i] - meanA) * (a[i] - meanA)
      varianceB += (b[i] - meanB) * (b[i] - meanB)
    }
    return varianceA > 0 && varianceB > 0 ? covariance / (varianceA * varianceB).squareRoot() : 0
  }
}
