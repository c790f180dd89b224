import Analysis
import FFmpegAudio

/// Measures a lossy output as players will decode it, from its packets as they are written, on a
/// thread of its own: an encoder can push peaks over the ceiling the PCM kept to.
///
/// LAME leaves a core idle while it encodes, and the decoding fits in it; reading the finished
/// file back instead cost an hour's MP3 render 5 s more, one core busy, before it could end.
final class DecodedOutputMeter {
  private enum Item: Sendable {
    case packet(EncodedPacket)
    /// The writer is done, having been given `length` frames.
    case end(length: Int64)
  }

  private let worker: BackgroundWorker<Item, Result<ProgrammeLoudness?, any Error>>

  /// A meter for what `writer` writes; it hears every packet from now on.
  init(_ writer: AudioFileWriter) throws {
    let decoder = try WrittenStreamDecoder(for: writer)
    let layout = writer.inputFormat.layout
    let meter = ProgrammeMeter(sampleRate: layout.sampleRate, channelCount: layout.channelCount)
    var failure: (any Error)?
    worker = BackgroundWorker(
      name: "segue-decoded-meter", capacity: 256,
      work: { item in
        guard failure == nil else { return }
        do {
          switch item {
          case .packet(let packet): try decoder.decode(packet) { meter?.add($0) }
          case .end(let length): try decoder.finish(length: length) { meter?.add($0) }
          }
        } catch { failure = error }
      },
      conclude: { failure.map { .failure($0) } ?? .success(meter?.finish()) })
    writer.onPacket = { [worker] packet in worker.add(.packet(packet)) }
  }

  /// What was measured: call once, after the writer has finished.
  func finish(length: Int64) -> Result<ProgrammeLoudness?, any Error> {
    worker.add(.end(length: length))
    return worker.finish()
  }
}
