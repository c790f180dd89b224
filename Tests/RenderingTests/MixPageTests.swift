import AudioTestSupport
import FFmpegAudio
import Foundation
import Rendering
import Testing

/// The mix's HTML page, tested as a person sees it: loaded in headless Chromium, its elements
/// at the plan's times, its snippets playing, its transitions answering a click, no network.
@Suite struct MixPageTests {
  /// A Python with Selenium, and Chromium's driver: Debian's, where `scripts/bootstrap` installs
  /// them (python3-selenium, chromium-driver).
  static let browser: (python: String, driver: String)? = {
    guard let python = ["/usr/bin/python3", "python3"].first(where: { (try? FFmpegCLI.run($0, ["-c", "import selenium"]).status) == 0 }),
      let driver = ["/usr/bin/chromedriver", "/usr/lib/chromium/chromedriver"].first(where: FileManager.default.isExecutableFile)
    else { return nil }
    return (python, driver)
  }()

  /// Two beat tracks matched at their join, a track with a long pause (shortened), a loud track
  /// pushed into the limiter, crossfades throughout and a chime overlay ducking the tracks.
  static func mix(in folder: TemporaryFolder) throws -> String {
    let layout = PCMLayout(sampleRate: 44_100, channelCount: 2)
    let write = { (samples: [Float], name: String) in
      try AudioFile.write(samples, layout: layout, to: folder.file(name), options: OutputOptions(bitDepth: 16))
    }
    try write(BeatTrack(beatsPerMinute: 124, firstBeat: 0.1717, seconds: 31.37).samples, "124.flac")
    try write(BeatTrack(beatsPerMinute: 126, firstBeat: 0.1717, seconds: 27.11).samples, "126.flac")
    let tone = Signal.sine(frequency: 330, sampleRate: 44_100, channels: 2, frames: 264_601, amplitude: 0.3)
    try write(tone + [Float](repeating: 0, count: 2 * 330_017) + tone, "pause.flac")
    try write(Signal.noise(channels: 2, frames: 441_011, amplitude: 0.6, seed: 3), "loud.flac")
    try write(Signal.sine(frequency: 880, sampleRate: 44_100, channels: 2, frames: 66_173, amplitude: 0.4), "chime.flac")
    let playlist = """
      version: 1
      defaults: { crossfade: 3 }
      entries:
        - file: 124.flac
          title: Opener
          transition: { crossfade: 16beats, beatmatch: true }
        - file: 126.flac
          title: Matched
        - file: pause.flac
          title: With a pause
          max-pause: 1.5
        - file: loud.flac
          title: Loud
          gain: 9
      overlays:
        - file: chime.flac
          at: 20
          duck: -10

      """
    try playlist.write(toFile: folder.file("set.yaml"), atomically: true, encoding: .utf8)
    return folder.file("set.yaml")
  }

  /// Loads the page in headless Chromium and prints a JSON verdict: console errors, requests
  /// that left the page, the timeline's elements, whether each snippet played, what a click on
  /// a transition and on the timeline did; writes a screenshot of the whole page.
  static let driverScript = """
    import json, sys
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait
    page, driver_path, screenshot = sys.argv[1], sys.argv[2], sys.argv[3]
    options = webdriver.ChromeOptions()
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1400,1000",
                     "--autoplay-policy=no-user-gesture-required", "--disable-background-networking"]:
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL", "performance": "ALL"})
    driver = webdriver.Chrome(service=Service(driver_path), options=options)
    verdict = {}
    def until(script, *args):
        # Waits for what the page shows, not for a time; the deadline only stops a broken page hanging.
        try:
            return WebDriverWait(driver, 60, poll_frequency=0.02).until(lambda d: d.execute_script(script, *args))
        except Exception:
            return None
    def painted():
        driver.execute_async_script("var done = arguments[0]; requestAnimationFrame(() => requestAnimationFrame(() => done()));")
    try:
        driver.get("file://" + page)
        until("return document.readyState === 'complete'")
        painted()
        verdict["timeline"] = driver.execute_script(
            "var t = document.getElementById('timeline').cloneNode(true); var l = t.querySelector('#loudness'); if (l) l.remove();"
            + " t.querySelectorAll('canvas').forEach(c => { c.removeAttribute('width'); c.removeAttribute('height'); });"
            + " t.querySelectorAll('.join').forEach(j => { j.removeAttribute('data-check'); j.querySelectorAll('.check').forEach(c => c.remove()); });"
            + " return t.outerHTML;")
        verdict["decks"] = driver.execute_script(
            "return Array.from(document.querySelectorAll('.clip')).map(c => [c.dataset.title, c.querySelector('.name').textContent])")
        verdict["fits"] = driver.execute_script(
            "var clips = Array.from(document.querySelectorAll('.clip, .overlay')).map(c => c.getBoundingClientRect().right);"
            + " return [Math.max(...clips), document.getElementById('scroller').getBoundingClientRect().right, window.innerWidth];")
        verdict["checks"] = driver.execute_script(
            "return [Array.from(document.querySelectorAll('.join')).map(j => j.dataset.check || null),"
            + " Array.from(document.querySelectorAll('#transitions tbody tr')).map(r => { var c = r.querySelector('td.check'); return c ? [c.dataset.check, c.textContent] : null; }),"
            + " Array.from(document.querySelectorAll('.join .check')).map(c => [c.title, getComputedStyle(c).backgroundColor, c.getBoundingClientRect().width])]")
        verdict["settings"] = driver.execute_script(
            "return Array.from(document.querySelectorAll('.settings dt')).map(d => [d.textContent, d.nextElementSibling.textContent])")
        verdict["loudness"] = driver.execute_script(
            "var l = document.getElementById('loudness'); return l ? [l.querySelectorAll('polyline').length, l.querySelectorAll('.limited').length, l.querySelectorAll('.level').length] : null;")
        verdict["beats"] = driver.execute_script(
            "var total = parseFloat(document.body.dataset.seconds), aligned = document.querySelector('.aligned');"
            + " var at = aligned ? parseFloat(aligned.style.left) / 100 * total : null;"
            + " return Array.from(document.querySelectorAll('.clip')).map(c => { var s = parseFloat(c.dataset.start), e = parseFloat(c.dataset.end);"
            + " var downs = Array.from(c.querySelectorAll('.beat.down')).map(b => s + parseFloat(b.style.left) / 100 * (e - s));"
            + " return [c.dataset.title, c.querySelectorAll('.beat').length, downs.length,"
            + " at === null || downs.length === 0 ? null : Math.min(...downs.map(t => Math.abs(t - at)))]; })")
        verdict["drawn"] = driver.execute_script(
            "return Array.from(document.querySelectorAll('.clip, .overlay')).map(c => { var p = c.querySelector('canvas');"
            + " return !!c.dataset.bands && p.width > 0 && p.getContext('2d').getImageData(0, 0, p.width, p.height).data.some(v => v > 0); })")
        verdict["elements"] = driver.execute_script(
            "return Array.from(document.querySelectorAll('[data-kind]')).map(e => [e.dataset.kind, e.dataset.start, e.dataset.end, e.dataset.title])")
        played = []
        for index in range(len(driver.find_elements(By.CSS_SELECTOR, "audio[data-snippet]"))):
            driver.execute_script("var a = document.querySelectorAll('audio[data-snippet]')[arguments[0]]; a.muted = true; a.play();", index)
            until("return document.querySelectorAll('audio[data-snippet]')[arguments[0]].currentTime > 0.25", index)
            played.append(driver.execute_script("var a = document.querySelectorAll('audio[data-snippet]')[arguments[0]]; a.pause(); return [a.readyState, a.currentTime, a.duration];", index))
        verdict["snippets"] = played
        joins = driver.find_elements(By.CSS_SELECTOR, ".join")
        if joins:
            driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", joins[-1])
            ActionChains(driver).move_to_element(joins[-1]).click().perform()
            until("var a = document.querySelector('audio[data-snippet=\\"' + arguments[0] + '\\"]'); return a && !a.paused && a.currentTime > 0.25",
                  joins[-1].get_attribute("data-index"))
            verdict["clickedTransition"] = driver.execute_script(
                "var a = document.querySelector('audio[data-snippet=\\"' + arguments[0] + '\\"]'); return a ? [!a.paused, a.currentTime] : null;",
                joins[-1].get_attribute("data-index"))
            verdict["activeRow"] = driver.execute_script("var r = document.querySelector('tr.active'); return r ? r.id : null;")
        lane = driver.find_element(By.CSS_SELECTOR, ".lane.marks")
        ActionChains(driver).move_to_element_with_offset(lane, int(-lane.size["width"] * 0.4), 0).click().perform()
        until("var a = document.getElementById('output'); return a && !a.paused && a.readyState >= 2")
        verdict["clickedTimeline"] = driver.execute_script("var a = document.getElementById('output'); return a ? [!a.paused, a.currentTime] : null;")
        verdict["seconds"] = float(driver.execute_script("return document.body.dataset.seconds"))
        height = driver.execute_script("return document.documentElement.scrollHeight")
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 1400, "height": height, "deviceScaleFactor": 1, "mobile": False})
        driver.execute_script("window.scrollTo(0, 0)")
        painted()
        driver.save_screenshot(screenshot)
        verdict["console"] = [entry["message"] for entry in driver.get_log("browser") if entry["level"] in ("SEVERE", "WARNING")]
        requests = []
        for entry in driver.get_log("performance"):
            message = json.loads(entry["message"])["message"]
            if message["method"] == "Network.requestWillBeSent":
                url = message["params"]["request"]["url"]
                if not (url.startswith("file:") or url.startswith("data:")):
                    requests.append(url)
        verdict["network"] = requests
    finally:
        driver.quit()
    print(json.dumps(verdict))
    """

  /// What the page holds, as (kind, start, end, title) with times as `plan --json` gives them.
  static func expectedElements(planJSON: String) throws -> [[String]] {
    let plan = try #require(try JSONSerialization.jsonObject(with: Data(planJSON.utf8)) as? [String: Any])
    let rate = Double(try #require(plan["sampleRate"] as? Int))
    let frames = try #require(plan["frameCount"] as? Int)
    let seconds = { (frame: Int) in String(format: "%.6f", Double(frame) / rate) }
    let tracks = try #require(plan["tracks"] as? [[String: Any]])
    let title = { (entry: [String: Any]) in ((entry["artist"] as? String).map { "\($0) – " } ?? "") + (entry["title"] as? String ?? "") }
    var elements: [[String]] = []
    for track in tracks {
      for clip in track["clips"] as? [[String: Any]] ?? [] {
        elements.append(["clip", seconds(clip["start"] as! Int), seconds(clip["end"] as! Int), title(track)])
      }
    }
    for overlay in plan["overlays"] as? [[String: Any]] ?? [] {
      let clip = overlay["clip"] as! [String: Any]
      elements.append(["overlay", seconds(clip["start"] as! Int), seconds(clip["end"] as! Int), title(overlay)])
    }
    for (index, track) in tracks.enumerated() {
      let end = index + 1 < tracks.count ? tracks[index + 1]["listedStart"] as! Int : frames
      elements.append(["chapter", seconds(track["listedStart"] as! Int), seconds(end), title(track)])
    }
    for transition in plan["transitions"] as? [[String: Any]] ?? [] {
      let (outgoing, incoming) = (tracks[(transition["from"] as! Int) - 1], tracks[(transition["to"] as! Int) - 1])
      let start = min(incoming["start"] as! Int, outgoing["end"] as! Int)
      let end = max(start, max(incoming["start"] as! Int, outgoing["end"] as! Int))
      elements.append(["transition", seconds(start), seconds(end), "\(title(outgoing)) → \(title(incoming))"])
    }
    return elements
  }

  /// Where two texts first differ, with some of each from there.
  static func firstDifference(_ texts: [String]) -> String {
    guard texts.count == 2 else { return "" }
    let (a, b) = (Array(texts[0]), Array(texts[1]))
    let at = zip(a, b).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(a.count, b.count)
    return "at \(at): " + String(a[max(0, at - 80)..<min(a.count, at + 80)]) + " | " + String(b[max(0, at - 80)..<min(b.count, at + 80)])
  }

  /// Where the screenshot goes for a person to look at: `.build/test-pages/`, beside the build.
  static func screenshotPath(_ name: String) throws -> String {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let folder = root.appendingPathComponent(".build/test-pages")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder.appendingPathComponent(name).path
  }

  /// Automatic cue points are flagged on their clips, each with the reason the plan gives.
  @Test func automaticCuePointsAreFlaggedWithTheirReasons() throws {
    let folder = TemporaryFolder("segue-mix-page-cues")
    let layout = PCMLayout(sampleRate: 44_100, channelCount: 2)
    var paths: [String] = []
    for (index, frames) in [397_013, 441_101].enumerated() {
      let quiet = [Float](repeating: 0, count: 2 * 66_150)
      let tone = Signal.sine(frequency: 440 + 110 * Double(index), sampleRate: 44_100, channels: 2, frames: frames, amplitude: 0.3)
      paths.append(folder.file("t\(index).flac"))
      try AudioFile.write(quiet + tone + quiet, layout: layout, to: paths[index], options: OutputOptions(bitDepth: 16))
    }
    var choices = MixChoices()
    choices.silence.autoCue = true
    choices.loudness.target = .set(-16)
    var request = try RenderRequest(arguments: paths, outputPath: folder.file("mix.flac"), choices: choices)
    (request.cache, request.reportPath) = (nil, folder.file("plan.html"))
    let mixPlan = try Renderer.plan(request)
    try MixPage(mixPlan).write(to: folder.file("plan.html"), overwrite: false)
    let page = try String(contentsOfFile: folder.file("plan.html"), encoding: .utf8)
    let flags = page.components(separatedBy: "<i class=\"cue\"").dropFirst().map { String($0.prefix { $0 != ">" }) }
    let reasons = mixPlan.edits.compactMap { $0 }.flatMap(\.reasons).filter { $0.hasPrefix("cue-in at") || $0.hasPrefix("cue-out at") }
    #expect(reasons.count == 4 && flags.count == 4, "\(reasons) \(flags)")
    for reason in reasons { #expect(flags.contains { $0.contains("title=\"\(reason)\"") }, "\(reason)") }
    // The join's row says why it lies where it does: the first track's cue-out, the second's
    // cue-in, and each one's level.
    let row = String(try #require(page.components(separatedBy: "<tr id=\"t-0\">").dropFirst().first?.prefix { $0 != "\n" }))
    let why = row.components(separatedBy: "<li>").dropFirst().map { String($0.prefix { $0 != "<" }) }
    #expect(why.count == 4 && why[0].hasPrefix("t0: cue-out at") && why[1].hasPrefix("t1: cue-in at"), "\(why)")
    #expect(why[0].hasSuffix(reasons[1]) && why[1].hasSuffix(reasons[2]), "\(why) \(reasons)")
    #expect(why[2].hasPrefix("t0: gain ") && why[2].contains("measured") && why[3].hasPrefix("t1: gain "), "\(why)")
  }

  @Test func thePageShowsThePlanAndPlaysTheMix() throws {
    guard let browser = installedByBootstrap(Self.browser, "Selenium or chromedriver") else { return }
    let folder = TemporaryFolder("segue-mix-page")
    let playlist = try Self.mix(in: folder)
    var request = try RenderRequest(arguments: [playlist], outputPath: folder.file("mix.flac"))
    request.cache = nil
    request.reportPath = folder.file("mix.html")
    let report = try Renderer.render(request)
    #expect(report.reportPath == folder.file("mix.html"))
    let notes = report.allNotes.joined(separator: "\n")
    #expect(notes.contains("beats matched") && notes.contains("the limiter held") && notes.contains("pause"), "\(notes)")

    var planning = try RenderRequest(arguments: [playlist], outputPath: folder.file("mix.flac"))
    (planning.cache, planning.reportPath) = (nil, folder.file("plan.html"))
    let mixPlan = try Renderer.plan(planning)
    #expect(mixPlan.waveforms.count == 5 && mixPlan.waveforms.allSatisfy { $0 != nil }, "the analysis pass gave every source's bands")
    let planJSON = PlanReport(mixPlan).json()
    try MixPage(mixPlan).write(to: folder.file("plan.html"), overwrite: false)

    let expected = try Self.expectedElements(planJSON: planJSON)
    let plan = try #require(try JSONSerialization.jsonObject(with: Data(planJSON.utf8)) as? [String: Any])
    #expect(expected.filter { $0[0] == "transition" }.count == 3 && expected.contains { $0[0] == "overlay" })
    let page = try Data(contentsOf: URL(fileURLWithPath: folder.file("mix.html")))
    #expect(page.count < 5_000_000)

    var timelines: [String] = []
    var settings: [[[String]]] = []
    for (name, rendered) in [("mix.html", true), ("plan.html", false)] {
      let run = try FFmpegCLI.run(browser.python, ["-c", Self.driverScript, folder.file(name), browser.driver, try Self.screenshotPath("mix-page-\(name).png")])
      let verdict = try #require(
        try JSONSerialization.jsonObject(with: run.stdout) as? [String: Any], "\(name): \(run.stderr.suffix(2000))")
      #expect((verdict["console"] as? [String]) == [], "\(name): \(verdict["console"] ?? "")")
      #expect((verdict["network"] as? [String]) == [], "\(name): \(verdict["network"] ?? "")")
      let elements = try #require(verdict["elements"] as? [[String]])
      #expect(elements.sorted { $0.joined() < $1.joined() } == expected.sorted { $0.joined() < $1.joined() }, "\(name)")
      timelines.append(try #require(verdict["timeline"] as? String))
      settings.append(try #require(verdict["settings"] as? [[String]]))
      // The beat tracks show their grids, a tick a beat and a taller one a bar; where the beats
      // were matched, a downbeat of each track lies on the line where they meet.
      let beats = try #require(verdict["beats"] as? [[Any]])
      for clip in beats where (clip[0] as? String) == "Opener" || (clip[0] as? String) == "Matched" {
        let (ticks, downbeats) = (clip[1] as? Int ?? 0, clip[2] as? Int ?? 0)
        #expect(ticks >= 4 && abs(downbeats * 4 - ticks) <= 4, "\(name): \(clip)")
      }
      let offsets = beats.filter { ($0[0] as? String) == "Opener" || ($0[0] as? String) == "Matched" }.compactMap { $0[3] as? Double }
      #expect(offsets.count >= 2 && offsets.prefix(2).allSatisfy { $0 < 0.003 }, "\(name): \(beats)")
      #expect(beats.filter { ($0[0] as? String) == "Loud" }.allSatisfy { ($0[1] as? Int) == 0 }, "no grid where no tempo was found")
      // Each track's clip shows, as a DJ app's deck, the BPM and key the plan gives it ("?" where unsure).
      let decks = try #require(verdict["decks"] as? [[String]])
      for track in try #require(plan["tracks"] as? [[String: Any]]) {
        let title = try #require(track["title"] as? String)
        let bpm = (track["bpm"] as? Double).map { String(format: "%.1f BPM", $0) + (track["bpmSure"] as? Bool == true ? "" : "?") }
        let key = (track["key"] as? String).map { $0 + (track["keySure"] as? Bool == true ? "" : "?") }
        for deck in decks where deck[0] == title {
          #expect([bpm, key].compactMap { $0 }.allSatisfy { deck[1].contains(" · " + $0) }, "\(name): \(deck) against \(bpm ?? "-"), \(key ?? "-")")
        }
      }
      #expect(decks.contains { $0[1].contains(" BPM") }, "\(name): no clip shows a tempo: \(decks)")
      // At the default zoom the whole mix fits: the last clip's right edge is inside the view.
      let fits = try #require(verdict["fits"] as? [Double])
      #expect(fits[0] <= fits[1] + 0.5 && fits[1] <= fits[2], "\(name): the timeline runs past the view: \(fits)")
      let drawn = try #require(verdict["drawn"] as? [Bool])
      #expect(drawn.count == 6 && drawn.allSatisfy { $0 }, "every clip's waveform is drawn from its bands: \(drawn)")
      let snippets = try #require(verdict["snippets"] as? [[Double]])
      if rendered {
        // The output's loudness as it went, the peak ceiling, and where the limiter acted.
        let loudness = try #require(verdict["loudness"] as? [Int])
        #expect(loudness[0] == 2 && loudness[1] >= 1 && loudness[2] == 1, "\(loudness)")
        #expect(snippets.count == 3)
        #expect(snippets.allSatisfy { $0[0] >= 2 && $0[1] > 0.2 && $0[2] > 6 }, "each snippet loads and plays: \(snippets)")
        // Each snippet holds its whole transition and 4 s either side (less only at the mix's ends).
        let joins = elements.filter { $0[0] == "transition" }.map { (Double($0[1])!, Double($0[2])!) }
        let total = try #require(verdict["seconds"] as? Double)
        for (snippet, join) in zip(snippets, joins.sorted { $0.0 < $1.0 }) {
          let wanted = min(total, join.1 + 4) - max(0, join.0 - 4)
          #expect(snippet[2] >= wanted - 0.05, "a snippet of \(snippet[2]) s for a join of \(join.1 - join.0) s; \(wanted) s wanted")
        }
        let clicked = try #require(verdict["clickedTransition"] as? [Any])
        #expect(clicked[0] as? Bool == true && (clicked[1] as? Double ?? 0) > 0.2, "a click on a transition plays its snippet: \(clicked)")
        #expect(verdict["activeRow"] as? String == "t-2")
        // Each join's beat check, on the timeline (a dot, its finding on hover) and in the table,
        // is the one `render --json` gives.
        let states = RenderSummaryReport(report).beatAlignments.map { [$0.from, $0.to, $0.state] as [Any] }
        let checks = try #require(verdict["checks"] as? [Any])
        let lane = checks[0] as? [Any] ?? [], rows = checks[1] as? [Any] ?? [], dots = checks[2] as? [[Any]] ?? []
        let expectedStates = mixPlan.plan.transitions.map { t in states.first { $0[0] as? Int == t.from + 1 && $0[1] as? Int == t.to + 1 }?[2] as? String }
        #expect(expectedStates.compactMap { $0 } == ["aligned"], "the matched join of the beat tracks is checked: \(states)")
        #expect(lane.map { $0 as? String } == expectedStates, "\(lane) \(expectedStates)")
        #expect(rows.map { ($0 as? [String])?.first } == expectedStates, "\(rows)")
        #expect(dots.count == 1 && (dots[0][0] as? String)?.hasPrefix("beat check: aligned, ") == true && (dots[0][2] as? Double ?? 0) > 5, "\(dots)")
        let timeline = try #require(verdict["clickedTimeline"] as? [Any])
        let seconds = try #require(verdict["seconds"] as? Double)
        #expect(timeline[0] as? Bool == true, "a click on the timeline plays the output beside the page")
        #expect(abs((timeline[1] as? Double ?? 0) - 0.1 * seconds) < 2.5, "from where it was clicked: \(timeline), \(seconds) s")
      } else {
        #expect(snippets.isEmpty, "a plan has nothing rendered to hear")
        #expect(verdict["loudness"] is NSNull, "a plan has no output to measure")
      }
    }
    // The plan's page draws the render's timeline, all but the output's measured loudness.
    #expect(timelines.count == 2 && timelines[0] == timelines[1], "\(Self.firstDifference(timelines))")
    // The header says what the mix was asked for: the playlist's crossfades, the peak guard.
    #expect(settings.count == 2 && settings[0] == settings[1], "\(settings)")
    let asked = Dictionary(uniqueKeysWithValues: (settings.first ?? []).map { ($0[0], $0[1]) })
    #expect(asked["Joins"] == "crossfade 3 s, equal-power curve", "\(asked)")
    #expect(asked["Loudness"] == "not levelled; peaks held under 0.0 dBFS by a look-ahead limiter", "\(asked)")
  }
}
