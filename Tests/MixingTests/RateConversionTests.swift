import AudioTestSupport
import Foundation
import Rendering
import Testing

/// Rates are converted as a mastering tool converts them (the SoX resampler at SoX's best
/// settings): flat to 20 kHz, with nothing above the output's Nyquist frequency folded into its
/// band and no images above the input's. Inputs are made by the ffmpeg CLI as float WAV, outputs
/// decoded by it, levels fitted at the tone's frequency and spectra taken with a Blackman window.
@Suite struct RateConversionTests {
  let folder = TemporaryFolder("segue-rate")

  /// Writes mono float WAV at `rate` of `seconds`, each sample `expression` of `t` (ffmpeg's aevalsrc).
  func input(_ name: String, _ expression: String, rate: Int, seconds: Double) throws -> InputSource {
    let path = folder.file(name)
    try FFmpegCLI.make(["-f", "lavfi", "-i", "aevalsrc=exprs='\(expression)':s=\(rate):d=\(seconds)", "-c:a", "pcm_f32le", path])
    return InputSource(path: path)
  }

  /// Renders `inputs` gaplessly at `rate` into a FLAC of `bits`, decoded by the ffmpeg CLI.
  func render(_ inputs: [InputSource], at rate: Int, bits: Int) throws -> [Float] {
    let path = folder.file("out-\(rate)-\(bits)-\(inputs.count).flac")
    _ = try Renderer.render(RenderRequest(inputs: inputs, outputPath: path, output: OutputOptions(bitDepth: bits, sampleRate: rate), cache: nil))
    return try FFmpegCLI.decodeFloat(path)
  }

  /// The loudest FFT bin of `samples` from frame `start` on, in dBFS, and its frequency.
  func loudestBin(_ samples: some Collection<Double>, rate: Int, length: Int = 65_536) -> (level: Double, hertz: Double) {
    let levels = Spectrum.levels(samples, length: length)
    let bin = levels.indices.max { levels[$0] < levels[$1] }!
    return (levels[bin], Spectrum.frequency(ofBin: bin, length: length, rate: rate))
  }

  struct FlatCase: CustomTestStringConvertible, Sendable {
    var from: Int
    var to: Int
    var tones: [Double]
    var testDescription: String { "\(from) → \(to) Hz" }
  }

  @Test(arguments: [
    FlatCase(from: 48_000, to: 44_100, tones: [1_000, 10_000, 19_000, 20_000]),
    FlatCase(from: 44_100, to: 48_000, tones: [20_000]),
    FlatCase(from: 96_000, to: 44_100, tones: [20_000]),
  ])
  func tonesKeepTheirLevelToAHundredthOfADecibel(_ flat: FlatCase) throws {
    let sum = flat.tones.map { "0.2*sin(2*PI*\(Int($0))*t)" }.joined(separator: "+")
    let output = try render([try input("tones.wav", sum, rate: flat.from, seconds: 2.31713)], at: flat.to, bits: 24)
    let middle = output[(flat.to / 4)..<(output.count - flat.to / 4)]
    for tone in flat.tones {
      let level = Spectrum.fit(middle, rate: flat.to, frequency: tone).levelDB
      #expect(abs(level - 20 * log10(0.2)) < 0.01, "\(tone) Hz comes out at \(level - 20 * log10(0.2)) dB")
    }
  }

  struct AliasCase: CustomTestStringConvertible, Sendable {
    var from: Int
    var to: Int
    var tone: Double
    /// Where what is left of the tone would land in the output: its alias or its image.
    var stray: Double
    /// True when the tone lies in the output's band and stays (the rest is measured without it).
    var kept: Bool
    var testDescription: String { "\(Int(tone)) Hz at \(from) → \(to) Hz" }
  }

  static let aliasCases = [
    AliasCase(from: 48_000, to: 44_100, tone: 23_000, stray: 21_100, kept: false),
    AliasCase(from: 96_000, to: 44_100, tone: 30_000, stray: 14_100, kept: false),
    AliasCase(from: 44_100, to: 48_000, tone: 21_500, stray: 22_600, kept: true),
  ]

  /// What the output holds beyond the tone (its middle, away from the tone's onset and end).
  func rest(of output: [Float], _ alias: AliasCase) -> [Double] {
    let middle = output[(alias.to / 4)..<(output.count - alias.to / 4)]
    return alias.kept ? Spectrum.fit(middle, rate: alias.to, frequency: alias.tone).rest : middle.map(Double.init)
  }

  @Test(arguments: aliasCases)
  func nothingButTheInputsBandIsLeftAbove130dB(_ alias: AliasCase) throws {
    let tone = try input("tone.wav", "0.891*sin(2*PI*\(Int(alias.tone))*t)", rate: alias.from, seconds: 2.03117)
    let loudest = loudestBin(rest(of: try render([tone], at: alias.to, bits: 24), alias), rate: alias.to)
    #expect(loudest.level < -130, "\(loudest.level) dBFS at \(loudest.hertz) Hz")
  }

  @Test(arguments: aliasCases)
  func aSixteenBitOutputKeepsTheStrayToneUnderTheDither(_ alias: AliasCase) throws {
    let tone = try input("tone.wav", "0.891*sin(2*PI*\(Int(alias.tone))*t)", rate: alias.from, seconds: 2.03117)
    let rest = rest(of: try render([tone], at: alias.to, bits: 16), alias)
    let dither = 10 * log10(2 * rest.reduce(0) { $0 + $1 * $1 } / Double(rest.count))
    let stray = Spectrum.fit(rest.map(Float.init)[...], rate: alias.to, frequency: alias.stray).levelDB
    #expect(dither < -90, "the dither measures \(dither) dBFS")
    #expect(stray < dither - 10, "\(alias.stray) Hz at \(stray) dBFS against the dither's \(dither) dBFS")
  }

  @Test func aSweepAboveTheNewNyquistLeavesNothing() throws {
    // 21 to 23.9 kHz in 4 s: above 22.5 kHz from 2.07 s on.
    let sweep = try input("sweep.wav", "0.891*sin(2*PI*(21000*t+2900*t*t/8))", rate: 48_000, seconds: 4.00731)
    let output = try render([sweep], at: 44_100, bits: 24)
    let above = output[(44_100 * 21 / 10)..<(44_100 * 21 / 10 + 65_536)].map(Double.init)
    let loudest = loudestBin(above, rate: 44_100)
    #expect(loudest.level < -130, "\(loudest.level) dBFS at \(loudest.hertz) Hz")
  }

  @Test func aResampledRunAfterATrackAtTheMixsRateLeavesNothing() throws {
    let first = try input("first.wav", "0.1*sin(2*PI*1000*t)", rate: 44_100, seconds: 0.5)
    // One 23 kHz tone at 48 kHz, split into two tracks 53,346 frames in.
    let whole = try input("whole.wav", "0.891*sin(2*PI*23000*t)", rate: 48_000, seconds: 2.34117)
    let (second, third) = (folder.file("second.wav"), folder.file("third.wav"))
    try FFmpegCLI.make(["-i", whole.path, "-af", "atrim=end_sample=53346", "-c:a", "pcm_f32le", second])
    try FFmpegCLI.make(["-i", whole.path, "-af", "atrim=start_sample=53346", "-c:a", "pcm_f32le", third])
    let output = try render([first, InputSource(path: second), InputSource(path: third)], at: 44_100, bits: 24)
    // The second track starts 0.5 s in and lasts round(53,346 × 44,100 ÷ 48,000) frames.
    let seam = 22_050 + 49_012
    let around = output[(seam - 32_768)..<(seam + 32_768)].map(Double.init)
    let loudest = loudestBin(around, rate: 44_100)
    #expect(loudest.level < -130, "\(loudest.level) dBFS at \(loudest.hertz) Hz")
  }

  @Test func theSummaryNamesEachConversionOnce() throws {
    let cd = try input("cd.wav", "0.1*sin(2*PI*1000*t)", rate: 44_100, seconds: 0.31)
    let hiRes = try input("hires.wav", "0.1*sin(2*PI*1000*t)", rate: 96_000, seconds: 0.29)
    let dat = try input("dat.wav", "0.1*sin(2*PI*1000*t)", rate: 48_000, seconds: 0.27)
    let deep = try Renderer.render(
      RenderRequest(
        inputs: [cd, hiRes, dat, hiRes], outputPath: folder.file("deep.flac"), output: OutputOptions(bitDepth: 24, formatFrom: .first), cache: nil))
    #expect(deep.rateConversions.map(\.description) == [
      "48000 → 44100 Hz, SoX very high quality, 28-bit", "96000 → 44100 Hz, SoX very high quality, 28-bit",
    ])
    let lossy = try Renderer.render(RenderRequest(inputs: [cd, dat], outputPath: folder.file("lossy.opus"), cache: nil))
    #expect(lossy.rateConversions.map(\.description) == ["44100 → 48000 Hz, SoX high quality, 20-bit"])
    let json = RenderSummaryReport(lossy).json()
    #expect(json.contains(#""method" : "SoX high quality, 20-bit""#) || json.contains(#""method": "SoX high quality, 20-bit""#), "\(json)")
  }

  /// Varispeed is a rate conversion too: a 48 kHz source stretched in a 44.1 kHz mix is converted
  /// once, by the product of both ratios, as cleanly as a plain conversion.
  @Test func aVarispeedOfASourceAtAnotherRateIsOneCleanConversion() throws {
    let source = try input("source.wav", "0.5*sin(2*PI*1000*t)+0.891*sin(2*PI*23000*t)", rate: 48_000, seconds: 2.31713)
    let path = folder.file("stretched.flac")
    var request = RenderRequest(inputs: [source], outputPath: path, output: OutputOptions(bitDepth: 24, sampleRate: 44_100), cache: nil)
    request.stretch = StretchRequest(target: .ratio(1.01), method: .varispeed)
    let report = try Renderer.render(request)
    let output = try FFmpegCLI.decodeFloat(path)
    #expect(Int64(output.count) == report.outputFrameCount)
    #expect(report.outputFrameCount == (Int64(111_222 * 147 + 80) / 160 * 101 + 50) / 100)
    let middle = output[11_025..<(output.count - 11_025)]
    // The source's 2.31713 s play in exactly the output's frames.
    let played = 1000 * (111_222 / 48_000) / (Double(report.outputFrameCount) / 44_100)
    let (level, rest) = Spectrum.fit(middle, rate: 44_100, frequency: played)
    #expect(abs(level - 20 * log10(0.5)) < 0.01, "the tone comes out at \(level) dBFS")
    let loudest = loudestBin(rest, rate: 44_100)
    #expect(loudest.level < -130, "\(loudest.level) dBFS at \(loudest.hertz) Hz")
  }
}
