import FFmpegAudio
import Foundation

/// How the output is encoded: cut into segments encoded side by side on workers, or by one
/// encoder, and why. `plan` and `render` decide it alike and report it.
public struct OutputEncoding: Encodable, Sendable, Equatable {
  /// The codec as people name it ("FLAC", "AAC").
  public var codec: String
  /// How many segments the output is cut into (1 with one encoder).
  public var segments: Int
  /// How many workers encode them (1 with one encoder).
  public var workers: Int
  /// Why one encoder writes the whole stream; nil when it is cut into segments.
  public var reason: String?
  /// What each segment's encoder hears around its own frames; nil with one encoder.
  let overlap: SegmentJoining.Overlap?
  /// The words for the plan and the summary: the segments and workers, or why a codec that could
  /// use every core keeps one encoder; nil where there is nothing to say (PCM, a short output,
  /// segments turned off).
  public let note: String?

  enum CodingKeys: String, CodingKey { case codec, segments, workers, reason }

  /// Decides for `frameCount` frames of `format`, whose encoder takes frames of `frameSize`.
  static func decide(format: OutputFormat, frameSize: Int, frameCount: Int64, request: RenderRequest) -> OutputEncoding {
    let codec = format.codec.displayName
    let single = { (reason: String, said: Bool) in
      OutputEncoding(codec: codec, segments: 1, workers: 1, reason: reason, overlap: nil, note: said ? "\(codec): one encoder, not segments: \(reason)" : nil)
    }
    let rate = format.settings.layout.sampleRate
    let overlap = SegmentJoining.overlap(codecName: format.settings.codecName, containerName: format.containerName, sampleRate: rate, frameSize: frameSize)
    let segmentFrames = Int64(SegmentedEncoding.segmentFrames(frameSize: frameSize, sampleRate: rate, framesStandAlone: overlap == .zero))
    guard request.segmentedEncoding else { return single("segments are off", false) }
    guard frameCount > segmentFrames else { return single("the output is no longer than one segment", false) }
    guard let overlap else { return single(Self.whyNotJoined(format.codec), format.codec != .pcm) }
    let segments = Int((frameCount + segmentFrames - 1) / segmentFrames)
    let workers = max(1, request.threads ?? AvailableCores.count)
    if request.threads == nil, format.codec == .flac, workers < fewestCoresForFLACSegments {
      return single(
        "on \(workers) core\(workers == 1 ? "" : "s") one encoder is faster (in segments the samples' MD5 is summed twice: by each segment's encoder and for STREAMINFO); the bytes are the same either way, and --threads asks for segments",
        true)
    }
    let note = "\(codec): \(segments) segments on \(workers) worker\(workers == 1 ? "" : "s"), joined into one stream"
    return OutputEncoding(codec: codec, segments: segments, workers: workers, reason: nil, overlap: overlap, note: note)
  }

  /// The fewest cores on which FLAC is faster in segments than with one encoder, by default.
  ///
  /// FFmpeg 5.1's FLAC encoder always sums an MD5 of its input, and STREAMINFO needs the MD5 of
  /// the whole, so in segments the samples are hashed twice. Measured here (`Benchmarks/segments`,
  /// an hour of 16-bit FLAC), segments on 2 cores took 1.08 times as long as one encoder; the CPU
  /// seconds by thread project segments ahead from 3 cores on. The choice changes no byte: FLAC in
  /// segments is the stream one encoder writes. A lossy codec's choice does not follow the
  /// machine, so its output stays the same on every machine.
  static let fewestCoresForFLACSegments = 3

  /// What joining MP3 segments into one bit reservoir took, when it took more than laying the
  /// frames in: joins moved later (onto the earlier segment's spare frames), joins encoded across
  /// by one encoder (where no spare frame left the later segment the reservoir it was encoded with).
  func reservoirNote(joinsMoved: Int, encodedAcross: Int) -> String? {
    guard joinsMoved + encodedAcross > 0 else { return nil }
    let joins = segments - 1
    var done: [String] = []
    if joinsMoved > 0 { done.append("\(joinsMoved) of \(joins) joins moved a few frames later") }
    if encodedAcross > 0 {
      done.append("\(encodedAcross) of \(joins) joins encoded across by one encoder, where the reservoir left no room (or that encoder still held frames)")
    }
    return "\(codec): to fit the bit reservoir, " + done.joined(separator: "; ")
  }

  private static func whyNotJoined(_ codec: OutputCodec) -> String {
    switch codec {
    case .vorbis: "a Vorbis packet's window depends on its neighbours' block sizes, which two encoders choose apart"
    default: "PCM takes no encoding"
    }
  }
}
