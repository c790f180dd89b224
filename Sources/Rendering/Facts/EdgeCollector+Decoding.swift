import FFmpegAudio

extension EdgeCollector {
  /// The frames `range` of `input` at the edge snippets' rate, decoded for one measurement: a
  /// stretch its facts' edges do not cover (an `auto` curve's overlap deep inside a file).
  static func samples(of input: InputSource, covering range: Range<Int64>) throws(RenderError) -> [Double] {
    FactsDecodes.record(input.path)
    do throws(AudioFileError) {
      let reader = try AudioFileReader(path: input.path, tolerance: input.tolerance)
      let rate = reader.info.sampleRate
      let tailLength = Int(Int64(range.count) * Int64(EdgeSnippets.rate) / Int64(rate)) + EdgeSnippets.rate
      let collector = try EdgeCollector(sourceRate: rate, channels: reader.output.channelCount, tailLength: tailLength)
      while reader.framesDelivered < range.upperBound, let block = try reader.nextBlock() { try collector.add(block) }
      return try collector.finish().samples(covering: range) ?? []
    } catch {
      throw .input(input, InputCheck.problem(for: error))
    }
  }
}
