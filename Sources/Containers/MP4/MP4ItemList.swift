/// The iTunes item list (`moov/udta/meta/ilst`): reading an item's text and writing freeform items.
///
/// Each item is a box named for its key (`©too`, `----`, …) holding a `data` box: 4 bytes of type
/// (1 is UTF-8 text), 4 of locale, then the value. A freeform item (`----`) holds `mean` and `name`
/// boxes first, each with 4 bytes of version and flags before its text.
enum MP4ItemList {
  /// The item list's own handler (`hdlr` in `meta`), as iTunes and FFmpeg write it: version and
  /// flags, no pre-defined type, handler `mdir`, manufacturer `appl`, two zero words, an empty name.
  static let handlerPayload: [UInt8] =
    [0, 0, 0, 0, 0, 0, 0, 0] + FourCC("mdir").bytes + FourCC("appl").bytes
    + [UInt8](repeating: 0, count: 9)

  /// How many bytes of a `meta` payload come before its children: 4 of version and flags in ISO
  /// files, none in QuickTime-style ones. A QuickTime-style `meta` starts with a child's header,
  /// so a box type (printable characters) stands at byte 4 where an ISO one has a size.
  static func metaPrefixLength(_ payload: [UInt8]) -> Int {
    guard payload.count >= 8 else { return 4 }
    let size = payload[0..<4].reduce(0) { $0 << 8 | UInt32($1) }
    let typeLike = payload[4..<8].allSatisfy { (0x20...0x7E).contains($0) || $0 == 0xA9 }
    return typeLike && size >= 8 ? 0 : 4
  }

  /// The text in the first `data` box of an item's payload; nil without one.
  static func text(inItem payload: [UInt8]) -> String? {
    guard let boxes = try? MP4BoxHeader.list(in: payload, from: 0, to: payload.count),
      let data = boxes.first(where: { $0.type == "data" }), data.payloadSize >= 8
    else { return nil }
    return String(decoding: data.payload(in: payload).dropFirst(8), as: UTF8.self)
  }

  /// The freeform tag in a `----` item's payload; nil when its mean, name or data is missing.
  static func freeformTag(inItem payload: [UInt8]) -> MP4FreeformTag? {
    guard let boxes = try? MP4BoxHeader.list(in: payload, from: 0, to: payload.count) else { return nil }
    func text(_ type: FourCC, skipping: Int) -> String? {
      guard let box = boxes.first(where: { $0.type == type }), box.payloadSize >= skipping else { return nil }
      return String(decoding: box.payload(in: payload).dropFirst(skipping), as: UTF8.self)
    }
    guard let mean = text("mean", skipping: 4), let name = text("name", skipping: 4),
      let value = text("data", skipping: 8)
    else { return nil }
    return MP4FreeformTag(mean: mean, name: name, value: value)
  }

  /// The whole `----` item box for `tag`, its value as UTF-8 text.
  static func freeformItem(_ tag: MP4FreeformTag) -> [UInt8] {
    let mean = box("mean", [0, 0, 0, 0] + Array(tag.mean.utf8))
    let name = box("name", [0, 0, 0, 0] + Array(tag.name.utf8))
    let data = box("data", [0, 0, 0, 1, 0, 0, 0, 0] + Array(tag.value.utf8))
    return box("----", mean + name + data)
  }

  static func box(_ type: FourCC, _ payload: [UInt8]) -> [UInt8] {
    MP4BoxHeader.encode(type, payloadSize: payload.count) + payload
  }
}
