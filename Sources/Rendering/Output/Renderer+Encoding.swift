import FFmpegAudio
import Foundation

extension Renderer {
  /// Runs the streamer on its own thread and encodes what it sends on this one, or on the
  /// workers of `segments`; returns what the bus has to report.
  static func encode(
    from streamer: TimelineStreamer, into writer: AudioFileWriter, segments: SegmentedEncoding?, meter: ProgressMeter, outputPath: String
  ) throws(RenderError) -> BusOutcome {
    // Up to 6 s of audio (4096-frame chunks, about 1 MiB as 16-bit stereo): enough to ride out
    // one thread being preempted, little enough to keep memory low.
    let queue = BoundedQueue<StreamerMessage>(capacity: 64)
    let mixing = OwnedThread(name: "segue-mix") { streamer.run(into: queue) }
    // However this ends, the mixing thread is stopped at its next block and waited for.
    defer {
      queue.close()
      mixing.join()
      segments?.stop()
    }
    while let message = queue.take() {
      switch message {
      case .chunk(let chunk):
        if streamer.cancellation.isCancelled { throw .cancelled }
        do {
          if let segments { try segments.write(chunk) } else { try writer.write(chunk) }
        } catch {
          throw .output(path: outputPath, writeFailure(error))
        }
        meter.advance(by: chunk.frameCount)
      case .failed(let error):
        throw error
      case .finished(let outcome):
        do {
          try segments?.finish()
          try writer.finish()
        } catch {
          throw .output(path: outputPath, writeFailure(error))
        }
        return outcome
      }
    }
    throw .cancelled
  }

  /// Decodes a file with FFmpeg and counts its sample frames, delay and padding removed.
  public static func countDecodedFrames(path: String) throws(RenderError) -> Int64 {
    let source = InputSource(path: path)
    do throws(AudioFileError) {
      let reader = try AudioFileReader(path: path)
      while try reader.nextBlock() != nil {}
      return reader.framesDelivered
    } catch {
      throw .input(source, InputCheck.problem(for: error))
    }
  }

  /// A failed write as an output problem: FFmpeg's or the system's words, and the `errno` behind
  /// them when there is one (so a full disk can be told from a bad request).
  static func writeFailure(_ error: any Error) -> OutputProblem {
    let errorNumber = systemErrorNumber(of: error)
    return .writeFailed(detail: errorNumber.map { String(cString: strerror($0)) } ?? detail(of: error), errorNumber: errorNumber)
  }

  /// What an FFmpeg error (or any other) says, for a message.
  static func detail(of error: any Error) -> String {
    (error as? FFmpegError)?.message ?? "\(error)"
  }
}
