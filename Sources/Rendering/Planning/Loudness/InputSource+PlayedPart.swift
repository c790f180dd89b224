extension InputSource {
  /// The part of its file the entry plays, in seconds (to the end when it gives no `out`); nil
  /// when it plays all of it.
  var playedPart: Range<Double>? {
    let start = options.inPoint?.seconds ?? 0
    let end = options.outPoint?.seconds
    return start > 0 || end != nil ? start..<(end ?? .infinity) : nil
  }
}
