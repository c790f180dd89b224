/// Where kicks start in a rendered signal, found independently of Segue's analysis: 1 ms blocks
/// whose energy jumps 10 dB over the 20 ms before and comes within 15 dB of the loudest block of
/// the next 30 ms (so a stretcher's pre-echo, 40 dB down, is not the hit), at least 100 ms apart.
enum ClickOnsets {
  /// The onsets in interleaved `samples` of `channels` channels, in seconds.
  static func find(_ samples: [Float], channels: Int, sampleRate: Int, within range: Range<Double>? = nil) -> [Double] {
    let block = sampleRate / 1000
    let frames = samples.count / channels
    var energies: [Double] = []
    var frame = 0
    while frame + block <= frames {
      var sum = 0.0
      for index in (frame * channels)..<((frame + block) * channels) { sum += Double(samples[index]) * Double(samples[index]) }
      energies.append(sum / Double(block * channels))
      frame += block
    }
    var onsets: [Double] = []
    var last = -1000
    for index in 20..<energies.count {
      let before = energies[(index - 20)..<index].reduce(0, +) / 20
      let loudest = energies[index..<min(energies.count, index + 30)].max()!
      guard energies[index] > 1e-6, energies[index] > 10 * before, energies[index] * 31.6 >= loudest, index - last >= 100 else { continue }
      last = index
      let seconds = Double(index * block) / Double(sampleRate)
      if range?.contains(seconds) ?? true { onsets.append(seconds) }
    }
    return onsets
  }
}
