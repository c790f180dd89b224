import AudioTestSupport
import Foundation
import Testing

/// Levelled renders hold the true-peak ceiling as other meters read the written file: the ffmpeg
/// CLI's `ebur128=peak=true` and scipy's 16x reference (`ReferenceTruePeak`), lossy files decoded;
/// and the true peak Segue reports is the reference's within 0.05 dB.
///
/// Each case renders one programme (two crossfaded, in one case) levelled loud enough that the
/// limiter must act (the plan says so), with the default -1 dBTP ceiling or another: real music
/// and synthesized signals whose inter-sample peaks a 4x, 12-tap interpolator under-reads
/// (full-band noise, aliased squares, clipped tones, a sweep near Nyquist, clicks, bursts).
@Suite struct TruePeakCeilingTests {
  struct Case: Sendable, CustomTestStringConvertible {
    var programs: [CeilingProgram]
    var loudness: Double
    /// nil for the default ceiling, -1 dBTP.
    var ceiling: Double?
    var output = "flac"
    var flags: [String] = []
    var testDescription: String {
      programs.map(\.description).joined(separator: " + ") + " at \(loudness) LUFS under \(ceiling ?? -1) dBTP to \(output)"
    }
  }

  static let cases: [Case] = [
    Case(programs: [.music("Rock", start: 40)], loudness: -8, ceiling: nil),
    Case(programs: [.music("Brick", start: 60)], loudness: -8, ceiling: nil),
    Case(programs: [.music("Castle", start: 90)], loudness: -7, ceiling: nil),
    Case(programs: [.music("City", start: 30)], loudness: -8, ceiling: nil),
    Case(programs: [.music("Freeway", start: 50)], loudness: -7, ceiling: nil),
    Case(programs: [.music("Olympics", start: 40)], loudness: -8, ceiling: nil),
    Case(programs: [.music("EarthRise", start: 40)], loudness: -10, ceiling: nil),
    Case(programs: [.music("Desert", start: 60)], loudness: -8, ceiling: nil),
    Case(programs: [.music("Art", start: 30)], loudness: -9, ceiling: nil),
    Case(programs: [.music("Jungle", start: 60)], loudness: -9, ceiling: -2),
    Case(programs: [.music("pirate", start: 60)], loudness: -8, ceiling: -0.5),
    Case(programs: [.music("Compost", start: 45)], loudness: -9, ceiling: nil, output: "wav", flags: ["--bit-depth", "24"]),
    Case(
      programs: [.music("Halloween", start: 30, seconds: 10), .music("Golf", start: 30, seconds: 10)], loudness: -8, ceiling: nil,
      flags: ["--crossfade", "4"]),
    Case(programs: [.music("Rock", start: 40)], loudness: -10, ceiling: nil, output: "mp3", flags: ["--bitrate", "320k"]),
    Case(programs: [.music("City", start: 30)], loudness: -10, ceiling: -2, output: "mp3", flags: ["--bitrate", "320k"]),
    Case(programs: [.noiseWithPartials], loudness: -9, ceiling: nil),
    Case(programs: [.noiseWithPartials], loudness: -7, ceiling: -3),
    Case(programs: [.squares], loudness: -9, ceiling: nil),
    Case(programs: [.squares], loudness: -9, ceiling: -1.5, output: "wav", flags: ["--bit-depth", "24"]),
    Case(programs: [.clippedTones], loudness: -8, ceiling: nil),
    Case(programs: [.sweep], loudness: -6, ceiling: nil),
    Case(programs: [.sweep], loudness: -5, ceiling: -0.3),
    Case(programs: [.clicks], loudness: -16, ceiling: nil),
    Case(programs: [.bursts], loudness: -7, ceiling: nil),
    Case(programs: [.bursts], loudness: -8, ceiling: -2),
  ]

  @Test(arguments: cases)
  func theWrittenFileReadsUnderTheCeiling(_ check: Case) throws {
    guard let python = installedByBootstrap(ReferenceTruePeak.python, "Python with scipy") else { return }
    if check.programs.contains(where: \.isMusic), installedByBootstrap(RealMusic.installed, "hedgewars-data's music") == nil { return }
    let fixture = try Fixture()
    var inputs: [String] = []
    for (index, program) in check.programs.enumerated() {
      inputs.append("program\(index).flac")
      try program.write(to: fixture.file(inputs[index]))
    }
    let output = "levelled.\(check.output)"
    let result = try fixture.run(
      ["render"] + inputs + ["-o", output, "--loudness", "\(check.loudness)", "--json", "--progress", "none"]
        + (check.ceiling.map { ["--true-peak", "\($0)"] } ?? []) + check.flags)
    #expect(result.status == 0, "\(result.stderr)")
    let report = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], "\(result.stderr)")
    let tracks = (report["plan"] as? [String: Any])?["tracks"] as? [[String: Any]] ?? []
    let limited = tracks.filter { ($0["loudness"] as? [String: Any])?["peak"] as? String == "limited" }
    #expect(!limited.isEmpty, "the limiter had nothing to do: \(tracks.map { $0["loudness"] ?? "" })")

    let ceiling = check.ceiling ?? -1
    let path = fixture.file(output)
    let ffmpeg = try LoudnessJudge.measure(path).truePeak
    let reference = try ReferenceTruePeak.decibels(of: path, python: python)
    #expect(ffmpeg <= ceiling, "ffmpeg's ebur128 reads \(ffmpeg) dBTP")
    #expect(reference <= ceiling, "the scipy reference reads \(reference) dBTP")
    let loudness = report["loudness"] as? [String: Any]
    let reported = try #require((loudness?["decodedTruePeakDBTP"] ?? loudness?["truePeakDBTP"]) as? Double, "\(loudness ?? [:])")
    #expect(abs(reported - reference) <= 0.05, "Segue reports \(reported) dBTP, the reference reads \(reference) dBTP")
    print("true peak: \(check.testDescription): ffmpeg \(ffmpeg), reference \(reference), Segue \(reported) dBTP")
  }
}
