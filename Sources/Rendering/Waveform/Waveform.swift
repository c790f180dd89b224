import FFmpegAudio
import Foundation
import Playlists

/// Makes waveform data of an audio file (a source or a rendered mix) and writes it.
public enum Waveform {
  /// Decodes the request's input, gathers its waveform data and writes it where asked, under a
  /// temporary name until it is complete; returns the data.
  @discardableResult
  public static func write(_ request: WaveformRequest, cancellation: RenderCancellation = RenderCancellation()) throws(RenderError)
    -> WaveformData
  {
    do { try request.check() } catch { throw .setting(error) }
    guard let writesJSON = request.writesJSON else {
      let suffix = PathText.fileExtension(request.outputPath)
      throw .output(path: request.outputPath, .unknownWaveformForm(suffix.isEmpty ? "no extension" : "." + suffix))
    }
    // Checked before the decoding, which takes a while on a long file.
    if let problem = StagedOutputFile.problem(targetPath: request.outputPath, overwrite: request.overwrite, inputs: [request.input]) {
      throw problem
    }
    let data = try measure(request, cancellation: cancellation)
    let output = try StagedOutputFile(targetPath: request.outputPath, overwrite: request.overwrite, inputs: [request.input])
    defer { output.discard() }
    let bytes = writesJSON ? Data(data.json().utf8) : data.binary()
    do { try bytes.write(to: URL(fileURLWithPath: output.stagingPath)) } catch {
      throw .output(path: request.outputPath, Renderer.writeFailure(error))
    }
    try output.commit()
    return data
  }

  /// The waveform data of the request's input, decoded at its own rate and channels.
  public static func measure(_ request: WaveformRequest, cancellation: RenderCancellation = RenderCancellation()) throws(RenderError)
    -> WaveformData
  {
    let reader: AudioFileReader
    do throws(AudioFileError) { reader = try AudioFileReader(path: request.input.path) } catch {
      throw .input(request.input, InputCheck.problem(for: error))
    }
    let rate = reader.output.sampleRate
    let samplesPerPixel: Int
    do { samplesPerPixel = try request.scale.samplesPerPixel(sampleRate: rate) } catch { throw .setting(error) }
    var builder = WaveformBuilder(samplesPerPixel: samplesPerPixel, inputChannels: reader.output.channelCount, splitChannels: request.splitChannels)
    while true {
      let block: UnsafeBufferPointer<Float>?
      do throws(AudioFileError) { block = try reader.nextBlock() } catch { throw .input(request.input, InputCheck.problem(for: error)) }
      guard let block else { break }
      if cancellation.isCancelled { throw .cancelled }
      builder.append(block)
    }
    return builder.finish(sampleRate: rate, bits: request.bits)
  }
}
