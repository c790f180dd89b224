import ArgumentParser
import Playlists
import Rendering
import Settings

/// `segue waveform`: waveform data of one audio file in BBC audiowaveform's formats, for players
/// on the web.
struct WaveformCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "waveform",
    abstract: "Write waveform data of an audio file or a rendered mix: audiowaveform's .dat or .json (version 2), as peaks.js, waveform-data.js and wavesurfer.js read it.")

  @Argument(help: "The audio file.")
  var input: String

  @OptionGroup
  var target: OutputTarget

  @Option(help: ArgumentHelp("Sample frames per pixel, 2 or more (default 256).", valueName: "N"))
  var samplesPerPixel: Int?

  @Option(help: ArgumentHelp("Pixels per second of audio: the sample rate divided by N frames per pixel.", valueName: "N"))
  var pixelsPerSecond: Int?

  @Option(help: ArgumentHelp("The data's resolution: 8 or 16 bits.", valueName: "8|16"))
  var bits = 16

  @Flag(help: "One waveform for each channel; otherwise one of the channels' mean.")
  var splitChannels = false

  func validate() throws { _ = try request() }

  /// The request the options describe.
  func request() throws -> WaveformRequest {
    if samplesPerPixel != nil && pixelsPerSecond != nil { throw SettingProblem.notBoth(.samplesPerPixel, .pixelsPerSecond).usageError }
    let scale = samplesPerPixel.map(WaveformScale.samplesPerPixel) ?? pixelsPerSecond.map(WaveformScale.pixelsPerSecond) ?? .standard
    let request = WaveformRequest(
      input: InputSource(path: input), outputPath: target.output, scale: scale, bits: bits, splitChannels: splitChannels,
      overwrite: target.overwrite)
    do throws(SettingProblem) { try request.check() } catch { throw error.usageError }
    return request
  }

  func run() throws {
    let request = try request()
    try runReporting { cancellation in
      let data = try Waveform.write(request, cancellation: cancellation)
      let channels = data.channelCount == 1 ? "1 channel" : "\(data.channelCount) channels"
      print("Wrote \(request.outputPath): \(data.length) pixels of \(data.samplesPerPixel) frames at \(data.sampleRate) Hz, \(channels), \(data.bits)-bit")
    }
  }
}
