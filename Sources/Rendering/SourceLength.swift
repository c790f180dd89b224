import FFmpegAudio

/// The exact length of each input at the mix's rate, known before rendering so clips can be placed.
///
/// Where the container states it exactly (FLAC, WAV, AIFF, MP4 edit lists) that is used as is;
/// otherwise (MP3, Ogg) the input is decoded once to count its frames after delay and padding.
enum SourceLength {
  static func frames(of input: InputSource, info: AudioStreamInfo, at sampleRate: Int) throws(RenderError) -> Int64 {
    let sourceFrames: Int64
    if let declared = info.declaredFrameCount {
      sourceFrames = declared
    } else {
      do {
        let reader = try AudioFileReader(path: input.path)
        while try reader.nextBlock() != nil {}
        sourceFrames = reader.framesDelivered
      } catch {
        throw .input(input, InputCheck.problem(for: error))
      }
    }
    return AudioFileReader.convertedLength(sourceFrames, from: info.sampleRate, to: sampleRate)
  }
}
