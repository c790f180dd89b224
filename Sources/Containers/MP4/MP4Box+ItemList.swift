extension MP4Box {
  /// Sets `tags` in this `moov`'s `udta/meta/ilst`, creating the boxes that are missing (a new
  /// `meta` gets the `mdir` handler iTunes and FFmpeg write); each tag takes the place of any with
  /// the same mean and name.
  mutating func setFreeformTags(_ tags: [MP4FreeformTag]) throws(MP4BoxHeader.Problem) {
    try changeChild("udta", creating: MP4Box(container: "udta")) { udta throws(MP4BoxHeader.Problem) in
      let meta = MP4Box(
        container: "meta", prefix: [0, 0, 0, 0],
        children: [MP4Box(type: "hdlr", content: .bytes(MP4ItemList.handlerPayload))])
      try udta.changeChild("meta", creating: meta) { meta throws(MP4BoxHeader.Problem) in
        try meta.changeChild("ilst", creating: MP4Box(container: "ilst")) { ilst in
          for tag in tags { ilst.setFreeformTag(tag) }
        }
      }
    }
  }

  /// Removes the freeform tags that `isRemoved` picks from this `moov`'s item lists; an `ilst`
  /// outside a `meta` is not opened, and stays as it is.
  mutating func removeFreeformTags(where isRemoved: (MP4FreeformTag) -> Bool) throws(MP4BoxHeader.Problem) {
    try changeEach(["ilst"]) { ilst in
      guard case .boxes = ilst.content else { return }
      ilst.children.removeAll { $0.freeformTag.map(isRemoved) ?? false }
    }
  }

  /// Calls `change` on the first child of `type`, appending `newChild` first when there is none.
  private mutating func changeChild(
    _ type: FourCC, creating newChild: @autoclosure () -> MP4Box,
    _ change: (inout MP4Box) throws(MP4BoxHeader.Problem) -> Void
  ) throws(MP4BoxHeader.Problem) {
    var boxes = children
    let index = boxes.firstIndex { $0.type == type } ?? boxes.endIndex
    if index == boxes.endIndex { boxes.append(newChild()) }
    try change(&boxes[index])
    children = boxes
  }

  /// In an `ilst`: puts `tag` where the first item with its mean and name was, or at the end,
  /// and removes any other such items.
  private mutating func setFreeformTag(_ tag: MP4FreeformTag) {
    let item = MP4Box(type: "----", content: .bytes(Array(MP4ItemList.freeformItem(tag).dropFirst(8))))
    var items = children
    let same = items.indices.filter {
      items[$0].freeformTag.map { $0.mean == tag.mean && $0.name == tag.name } ?? false
    }
    let place = same.first ?? items.endIndex
    for index in same.reversed() { items.remove(at: index) }
    items.insert(item, at: place)
    children = items
  }

  /// The freeform tag this `----` item holds.
  private var freeformTag: MP4FreeformTag? {
    guard type == "----", case .bytes(let payload) = content else { return nil }
    return MP4ItemList.freeformTag(inItem: payload)
  }
}
