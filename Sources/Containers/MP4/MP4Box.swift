/// A box held in memory to be changed and written again: its type, and either its bytes or the
/// boxes inside it.
///
/// Only the boxes on the way to what the tag writer changes are opened (`moov/udta/meta/ilst`, and
/// `moov/trak/mdia/minf/stbl` for the chunk offset tables); every other box, wherever it lies,
/// stays as the bytes it was read as, so a damaged file cannot nest opened boxes deeper than that.
struct MP4Box: Equatable {
  var type: FourCC
  var content: Content

  enum Content: Equatable {
    /// The payload, unread.
    case bytes([UInt8])
    /// The boxes inside, after `prefix` (the version and flags of a full box such as `meta`).
    case boxes(prefix: [UInt8], children: [MP4Box])
  }

  /// The boxes that are opened when read, by the box that holds them.
  static let opened: [FourCC: Set<FourCC>] = [
    "moov": ["trak", "udta"], "trak": ["mdia"], "mdia": ["minf"], "minf": ["stbl"], "udta": ["meta"], "meta": ["ilst"],
  ]

  init(type: FourCC, content: Content) {
    self.type = type
    self.content = content
  }

  /// An empty container.
  init(container type: FourCC, prefix: [UInt8] = [], children: [MP4Box] = []) {
    self.init(type: type, content: .boxes(prefix: prefix, children: children))
  }

  /// Reads the whole box in `bytes` (header included), opening the boxes on the way.
  static func read(_ bytes: [UInt8]) throws(MP4BoxHeader.Problem) -> MP4Box {
    let header = try MP4BoxHeader.parse(
      Array(bytes.prefix(MP4BoxHeader.longestHeader)), offset: 0, parentEnd: Int64(bytes.count))
    return try read(header, in: bytes, opening: true)
  }

  private static func read(_ header: MP4BoxHeader, in bytes: [UInt8], opening: Bool) throws(MP4BoxHeader.Problem)
    -> MP4Box
  {
    let payload = header.payload(in: bytes)
    guard opening else { return MP4Box(type: header.type, content: .bytes(payload)) }
    let prefix = header.type == "meta" ? MP4ItemList.metaPrefixLength(payload) : 0
    guard payload.count >= prefix else { throw .truncatedHeader }
    var children: [MP4Box] = []
    for child in try MP4BoxHeader.list(in: payload, from: prefix, to: payload.count) {
      children.append(try read(child, in: payload, opening: opened[header.type]?.contains(child.type) ?? false))
    }
    return MP4Box(container: header.type, prefix: Array(payload.prefix(prefix)), children: children)
  }

  /// The whole box, header included.
  var encoded: [UInt8] {
    let payload: [UInt8]
    switch content {
    case .bytes(let bytes): payload = bytes
    case .boxes(let prefix, let children): payload = children.reduce(into: prefix) { $0 += $1.encoded }
    }
    return MP4BoxHeader.encode(type, payloadSize: payload.count) + payload
  }

  /// The boxes inside; empty for a box that is not opened.
  var children: [MP4Box] {
    get {
      guard case .boxes(_, let children) = content else { return [] }
      return children
    }
    set {
      guard case .boxes(let prefix, _) = content else { preconditionFailure("'\(type)' holds no boxes") }
      content = .boxes(prefix: prefix, children: newValue)
    }
  }

  /// Calls `change` once on every box whose type is in `types`, at any depth below this one.
  mutating func changeEach(_ types: Set<FourCC>, _ change: (inout MP4Box) throws(MP4BoxHeader.Problem) -> Void)
    throws(MP4BoxHeader.Problem)
  {
    guard case .boxes(let prefix, var children) = content else { return }
    for index in children.indices {
      if types.contains(children[index].type) {
        try change(&children[index])
      } else {
        try children[index].changeEach(types, change)
      }
    }
    content = .boxes(prefix: prefix, children: children)
  }
}
