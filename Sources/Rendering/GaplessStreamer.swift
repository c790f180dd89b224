import Composition
import FFmpegAudio

/// A message from the decoding thread to the encoding thread.
enum StreamerMessage: Sendable {
  case chunk(PCMChunk)
  case finished(Timeline)
  case failed(RenderError)
}

/// Decodes the inputs one after another, edge to edge, into the encoder's PCM.
///
/// Runs on its own thread so that decoding overlaps encoding. The next input's decoder is opened
/// while the current one plays, so a join costs the encoder no wait; only plain sample chunks
/// cross to the encoding thread, through a bounded queue that caps memory.
struct GaplessStreamer: Sendable {
  let inputs: [InputSource]
  let inputInfos: [AudioStreamInfo]
  let format: EncoderInputFormat
  let cancellation: RenderCancellation

  /// Streams every input into `queue`, ending with `.finished` or `.failed`.
  func run(into queue: BoundedQueue<StreamerMessage>) {
    do throws(RenderError) {
      let timeline = try stream(into: queue)
      _ = queue.put(.finished(timeline))
    } catch {
      _ = queue.put(.failed(error))
    }
  }

  private func stream(into queue: BoundedQueue<StreamerMessage>) throws(RenderError) -> Timeline {
    let converter = PCMConverter(format: format)
    var timeline = Timeline(sampleRate: format.layout.sampleRate)
    var upcoming: AudioFileReader? = try open(0)
    var position: Int64 = 0
    for index in inputs.indices {
      guard let reader = upcoming else { break }
      upcoming = nil
      let dither = needsDither(reader, info: inputInfos[index])
      while let block = try read(reader, index) {
        if upcoming == nil && index + 1 < inputs.count { upcoming = try open(index + 1) }
        let chunk = converter.convert(block, firstFrame: position, dither: dither)
        position += Int64(chunk.frameCount)
        if cancellation.isCancelled { throw .cancelled }
        guard queue.put(.chunk(chunk)) else { throw .cancelled }
      }
      do { try timeline.appendGapless(source: index, duration: reader.framesDelivered) } catch {
        preconditionFailure("a gapless append cannot overlap: \(error)")
      }
      if upcoming == nil && index + 1 < inputs.count { upcoming = try open(index + 1) }
    }
    return timeline
  }

  /// Dither is needed only where samples are not exactly on the output's integer grid.
  private func needsDither(_ reader: AudioFileReader, info: AudioStreamInfo) -> Bool {
    guard let outputBits = format.integerBits else { return false }
    guard reader.isUnconverted, let sourceBits = info.bitsPerSample else { return true }
    return sourceBits > outputBits
  }

  private func open(_ index: Int) throws(RenderError) -> AudioFileReader {
    do {
      return try AudioFileReader(path: inputs[index].path, output: format.layout)
    } catch {
      throw .input(inputs[index], InputCheck.problem(for: error))
    }
  }

  private func read(_ reader: AudioFileReader, _ index: Int) throws(RenderError) -> UnsafeBufferPointer<Float>? {
    do {
      return try reader.nextBlock()
    } catch {
      throw .input(inputs[index], InputCheck.problem(for: error))
    }
  }
}
