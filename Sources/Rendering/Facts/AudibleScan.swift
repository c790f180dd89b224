import Analysis
import Dispatch
import FFmpegAudio
import Synchronization

/// Finds where a file is audible on several cores: the file cut into stretches, each decoded by a
/// reader of its own that enters it exactly, the spans joined at the seams as one pass would.
enum AudibleScan {
  /// The shortest stretch worth a reader of its own, in seconds.
  static let shortestPart = 60.0

  /// The spans at each of `thresholds` of the file at `path`, `length` frames long, in up to
  /// `parts` stretches at once; nil where a stretch cannot be entered exactly or the file is not
  /// as long as said (then one whole decode finds them).
  static func spans(_ path: String, info: AudioStreamInfo, length: Int64, thresholds: [Double], parts wanted: Int) throws(AudioFileError) -> [AudibleSpans]? {
    let parts = max(1, min(wanted, Int(Double(length) / (shortestPart * Double(info.sampleRate)))))
    // Each stretch starts on the edge of a 10 ms window, as one pass over the file has them.
    let window = Int64(AudibleSpans.windowFrames(sampleRate: info.sampleRate))
    let bounds = (0...parts).map { $0 == parts ? length : length * Int64($0) / Int64(parts) / window * window }
    let results = Mutex([Result<[AudibleSpans]?, AudioFileError>?](repeating: nil, count: parts))
    FactsDecodes.record(path)
    DispatchQueue.concurrentPerform(iterations: parts) { part in
      let result = Result { () throws(AudioFileError) in try spans(path, info: info, frames: bounds[part]..<bounds[part + 1], thresholds: thresholds) }
      results.withLock { $0[part] = result }
    }
    let found = try results.withLock { $0 }.map { (result) throws(AudioFileError) in try result!.get() }
    guard var joined = found.first ?? nil else { return nil }
    for later in found.dropFirst() {
      guard let later else { return nil }
      joined = zip(joined, later).map { $0.followed(by: $1) }
    }
    return joined
  }

  /// The spans of source frames `frames`; nil when the reader cannot enter them exactly or the
  /// file ends before them.
  private static func spans(_ path: String, info: AudioStreamInfo, frames: Range<Int64>, thresholds: [Double]) throws(AudioFileError) -> [AudibleSpans]? {
    let reader = try AudioFileReader(path: path, known: info)
    if frames.lowerBound > 0 {
      guard try reader.seek(toFrame: frames.lowerBound) else { return nil }
    }
    let channels = reader.output.channelCount
    let finder = AudibleSpansFinder(
      sampleRate: info.sampleRate, channelCount: channels, thresholdsDB: thresholds, startingAt: frames.lowerBound)
    var position = frames.lowerBound
    while position < frames.upperBound, let block = try reader.nextBlock() {
      let count = min(Int64(block.count / channels), frames.upperBound - position)
      finder.add(UnsafeBufferPointer(rebasing: block[0..<(Int(count) * channels)]))
      position += count
    }
    return position == frames.upperBound ? finder.finish() : nil
  }
}
