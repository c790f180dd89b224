import AudioTestSupport
import FFmpegAudio
import Foundation
import Rendering
import Testing

@Test(arguments: [TestFormat.vorbis, .mp3, .opus, .aac])
func explore(_ format: TestFormat) throws {
  let folder = TemporaryFolder()
  var bad: [String] = []
  for n in Array(stride(from: 1, to: 9000, by: 23)) + Array(44000..<44200) where format.name != "mp3-cbr" || n > 40000 || n < 2000 {
    let input = Fixture.music(sampleRate: format.sampleRate, frames: n, channels: 1)
    let path = try Fixture.write(input, channels: 1, as: format, in: folder, stem: "rt\(n)")
    let decoded = try AudioFile.read(path: path)
    if decoded.samples.count != n { bad.append("\(n)->\(decoded.samples.count)") }
  }
  print("EXPLORE \(format.name) bad: \(bad.count) \(bad.prefix(40))")
}
