import Containers
import Foundation
import Testing

@Test func gaplessSpanSurvivesTheFactsCache() throws {
  let span = GaplessSpan(skip: 1024, length: 145_531, source: "encoder priming", note: "assumed")
  let decoded = try JSONDecoder().decode(GaplessSpan.self, from: JSONEncoder().encode(span))
  #expect(decoded == span)
}
