import AudioTestSupport
import Foundation

/// Short MP3, MP4, WAV and Ogg files made by the ffmpeg CLI for fuzzing the container readers: a few
/// hundredths of a second each, so most mutations land in headers rather than in audio.
public struct MediaSeeds: Sendable {
  public var mp3: [[UInt8]] = []
  public var mp4: [[UInt8]] = []
  public var wav: [[UInt8]] = []
  public var ogg: [[UInt8]] = []

  /// Makes the files in `folder` and reads them back.
  public static func make(in folder: String) throws -> MediaSeeds {
    var seeds = MediaSeeds()
    func made(_ name: String, _ arguments: [String], seconds: Double = 0.06, rate: Int = 22050) throws -> [UInt8] {
      let path = "\(folder)/\(name)"
      let sine = "sine=frequency=440:sample_rate=\(rate):duration=\(seconds)"
      try FFmpegCLI.make(["-f", "lavfi", "-i", sine] + arguments + [path])
      return [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    }
    seeds.mp3 = [
      try made("cbr.mp3", ["-c:a", "libmp3lame", "-b:a", "32k", "-metadata", "title=Seed"]),
      try made("vbr.mp3", ["-c:a", "libmp3lame", "-q:a", "6", "-ac", "2"], rate: 44100),
      try made("plain.mp3", ["-c:a", "libmp3lame", "-write_xing", "0", "-id3v2_version", "0", "-write_id3v1", "1"], rate: 8000),
      try made("layer2.mp2", ["-c:a", "mp2", "-b:a", "64k", "-f", "mp2"]),
    ]
    seeds.mp4 = [
      try made("aac.m4a", ["-c:a", "aac", "-b:a", "32k", "-metadata", "title=Seed"]),
      try made("faststart.m4a", ["-c:a", "aac", "-b:a", "32k", "-movflags", "+faststart", "-ac", "2"], rate: 44100),
      try made("alac.m4a", ["-c:a", "alac"], seconds: 0.02, rate: 8000),
      try made("opus.mp4", ["-c:a", "libopus", "-b:a", "16k"], rate: 48000),
    ]
    seeds.wav = [
      try made("pcm.wav", ["-c:a", "pcm_s16le"], seconds: 0.01, rate: 8000),
      try made("float.wav", ["-c:a", "pcm_f32le", "-metadata", "title=Seed"], seconds: 0.005),
      try made("ima.wav", ["-c:a", "adpcm_ima_wav"], seconds: 0.02, rate: 8000),
      try made("extensible.wav", ["-c:a", "pcm_s24le", "-ac", "3"], seconds: 0.002, rate: 8000),
    ]
    seeds.ogg = [
      try made("vorbis.ogg", ["-c:a", "libvorbis", "-metadata", "title=Seed"], rate: 44100),
      try made("opus.ogg", ["-c:a", "libopus", "-b:a", "16k"], rate: 48000),
    ]
    return seeds
  }
}
