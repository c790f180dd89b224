/// Cue sheets' `mm:ss:ff` times, read as whole CD frames (1/75 s) with integers only.
enum CUETime {
  /// The frames word `index` of `words` gives; `label` (`INDEX 01`, `PREGAP`) names it in errors,
  /// which point at the word's column.
  static func frames(_ words: CUEWords, _ index: Int, label: String, file: String) throws(PlaylistError) -> Int64 {
    let text = words[index].text
    let parts = text.split(separator: ":", omittingEmptySubsequences: false)
    let limits = [9, 2, 2]
    guard parts.count == 3,
      zip(parts, limits).allSatisfy({ part, limit in
        (1...limit).contains(part.count) && part.allSatisfy { $0.isASCII && $0.isNumber }
      }),
      let minutes = Int64(parts[0]), let seconds = Int64(parts[1]), let frames = Int64(parts[2])
    else {
      throw words.error("\(label) time '\(text)' is not mm:ss:ff", at: index, file: file)
    }
    guard seconds < 60 else { throw words.error("\(label) time '\(text)' has seconds of 60 or more", at: index, file: file) }
    guard frames < PlaylistTime.cdFramesPerSecond else {
      throw words.error("\(label) time '\(text)' has frames of 75 or more", at: index, file: file)
    }
    return (minutes * 60 + seconds) * PlaylistTime.cdFramesPerSecond + frames
  }
}
