#!/usr/bin/env python3
"""Opens `quizbank preview` of the banks in headless Chromium and checks that the pages show
what quizbank measured (docs/preview.md):

  * every measured text (review cells, question texts, choices, hints) shows as many lines as
    quizbank wrote into its `data-lines`, and as many before the cut as `data-shown`, counted
    from the client rects of each line's text (the distinct line tops);
  * no line is wider than the width quizbank measured it in (`data-width`), beyond TOLERANCE_PX;
  * the frames are there (a question screen and a review at each of the three sizes), every
    image has loaded, and the fonts the style sheet names have loaded;
  * the index's filters leave the rows their data matches; the frames of a row scroll together,
    and a caption's button enlarges its frame;
  * the check itself fails on a page made to show a line fewer, or a line wrapped in two.

Then it takes a screenshot of one question page. Chromium is driven through the DevTools
protocol over `--remote-debugging-pipe` (messages on file descriptors 3 and 4, each ended by a
NUL byte), so nothing but Python's standard library is needed.

usage: browser_check.py --quizbank BIN --out DIR [--screenshot PNG] [--chromium BIN] BANKS...
"""
import argparse
import json
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile

# A line may be this much wider in the browser than measured: quizbank shapes each word alone
# (no kerning across a space) and rounds nothing; Chromium shapes the whole line.
TOLERANCE_PX = 0.5

CHECK_PAGE = r"""
(async () => {
  await document.fonts.ready;
  const tolerance = %(tolerance)s;
  const problems = [];
  const lineTops = (element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    return new Set(Array.from(range.getClientRects()).filter(r => r.width > 0 || r.height > 0).map(r => Math.round(r.top))).size;
  };
  const texts = Array.from(document.querySelectorAll(".text"));
  let widest = -Infinity;
  for (const text of texts) {
    const where = (text.closest(".frame") ? text.closest(".frame").dataset.size + " " : "") + text.className;
    let rendered = 0, shown = 0;
    for (const line of text.querySelectorAll(".line")) {
      const count = lineTops(line);
      rendered += count;
      if (!line.classList.contains("cut-off")) shown += count;
      const range = document.createRange();
      range.selectNodeContents(line);
      const over = range.getBoundingClientRect().width - Number(text.dataset.width);
      widest = Math.max(widest, over);
      if (over > tolerance) problems.push(`${where}: line "${line.textContent}" is ${over.toFixed(2)} px wider than measured`);
    }
    if (rendered !== Number(text.dataset.lines)) problems.push(`${where}: shows ${rendered} lines, quizbank measured ${text.dataset.lines}: "${text.textContent.slice(0, 60)}"`);
    if (shown !== Number(text.dataset.shown)) problems.push(`${where}: shows ${shown} lines before the cut, quizbank measured ${text.dataset.shown}`);
  }
  const frames = Array.from(document.querySelectorAll(".frame .phone"));
  if (texts.length > 0 && frames.length !== 6) problems.push(`${frames.length} frames, not 6`);
  for (const frame of frames) {
    const box = frame.getBoundingClientRect();
    if (box.width < 100 || box.height < 100) problems.push(`a frame is ${box.width} x ${box.height} px`);
  }
  const images = Array.from(document.images);
  for (const image of images) {
    if (!image.complete || image.naturalWidth === 0) problems.push(`image ${image.getAttribute("src")} did not load`);
    if (!image.alt) problems.push(`image ${image.getAttribute("src")} has no alt text`);
  }
  const faces = Array.from(document.fonts);
  // A face the page does not use is never loaded: each must be, by the time fonts are ready.
  for (const face of texts.length > 0 ? faces : []) {
    if (face.status !== "loaded") problems.push(`font ${face.family} is not in use or did not load (${face.status})`);
  }
  if (texts.length > 0 && faces.length === 0) problems.push("no font face: the page does not load the measured font");
  const review = texts.filter(t => t.classList.contains("review-text"));
  const scrollable = Array.from(document.querySelectorAll(".content")).filter(p => p.scrollHeight - p.clientHeight >= 2).length;
  return {problems, scrollable, cuts: document.querySelectorAll(".cut-mark").length, texts: texts.length, reviews: review.length, images: images.length, fonts: faces.length, widest,
          reviewLines: review.reduce((sum, t) => sum + Number(t.dataset.lines), 0)};
})()
"""

# The index's filters, each set through its control as a user would: the rows left shown must be
# the ones whose data says they match, and the count must say how many.
CHECK_FILTERS = r"""
(() => {
  const problems = [];
  const rows = Array.from(document.querySelectorAll("table.questions tbody tr"));
  const form = document.getElementById("filters");
  if (form.hidden) problems.push("the filters stayed hidden");
  const controls = {findings: document.getElementById("filter-findings"), rule: document.getElementById("filter-rule"),
                    size: document.getElementById("filter-size")};
  const cases = [["findings", true, r => r.dataset.findings !== "0"]];
  for (const option of controls.rule.options) if (option.value) cases.push(["rule", option.value, r => r.dataset.rules.split(" ").includes(option.value)]);
  for (const option of controls.size.options) if (option.value) cases.push(["size", option.value, r => r.dataset.sizes.split(" ").includes(option.value)]);
  for (const [name, value, matches] of cases) {
    controls.findings.checked = false; controls.rule.value = ""; controls.size.value = "";
    if (name === "findings") controls.findings.checked = true; else controls[name].value = value;
    controls[name].dispatchEvent(new Event("change", {bubbles: true}));
    const expected = rows.filter(matches);
    const shown = rows.filter(r => !r.hidden);
    if (shown.length !== expected.length || shown.some(r => !matches(r))) problems.push(`filter ${name}=${value}: ${shown.length} rows shown, ${expected.length} match`);
    const count = document.getElementById("filter-count").textContent;
    if (count !== `${expected.length} of ${rows.length} questions shown`) problems.push(`filter ${name}=${value}: the count says "${count}"`);
  }
  return {problems, cases: cases.length};
})()
"""

# The frames of a row scroll together, and a caption's button enlarges its frame.
CHECK_FRAMES = r"""
(async () => {
  const problems = [];
  const frame = () => new Promise(resolve => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  let synced = 0;
  for (const group of document.querySelectorAll(".frames")) {
    const panes = Array.from(group.querySelectorAll(".content"));
    const range = p => p.scrollHeight - p.clientHeight;
    const longest = panes.reduce((a, b) => range(a) >= range(b) ? a : b);
    if (range(longest) < 2) continue;
    longest.scrollTop = range(longest) / 2;
    await frame();
    for (const other of panes) {
      if (other === longest || range(other) < 2) continue;
      const share = other.scrollTop / range(other), wanted = longest.scrollTop / range(longest);
      if (Math.abs(share - wanted) > 0.02) problems.push(`a frame scrolled to ${share.toFixed(2)} of its length, not ${wanted.toFixed(2)}`);
      synced += 1;
    }
  }
  const button = document.querySelector("button.enlarge");
  const phone = button.closest(".frame").querySelector(".phone");
  const before = phone.getBoundingClientRect().width;
  button.click();
  await frame();
  const after = phone.getBoundingClientRect().width;
  if (button.getAttribute("aria-pressed") !== "true" || Math.abs(after / before - 1.5) > 0.01) problems.push(`enlarging took a frame from ${before} to ${after} px`);
  button.click();
  await frame();
  if (button.getAttribute("aria-pressed") !== "false" || Math.abs(phone.getBoundingClientRect().width - before) > 0.5) problems.push("the enlarged frame did not shrink back");
  return {problems, synced};
})()
"""

# Two ways a page can show other lines than measured: a line dropped, and a line that wraps.
BREAK_PAGE = {
    "a line dropped": r"""(() => { const line = document.querySelector(".review-text .line"); line.remove(); })()""",
    "a line wrapped": r"""(() => { const line = document.querySelector(".review-text .line");
                         line.style.whiteSpace = "normal"; line.style.width = "1px"; })()""",
}


class Chromium:
    """A headless Chromium driven over --remote-debugging-pipe."""

    def __init__(self, binary, profile):
        to_child_read, self.to_child = os.pipe()
        self.from_child, from_child_write = os.pipe()
        # The child reads commands on fd 3 and writes replies on fd 4.
        high_read, high_write = os.dup(to_child_read), os.dup(from_child_write)

        def descriptors():
            os.dup2(high_read, 3)
            os.dup2(high_write, 4)

        self.process = subprocess.Popen(
            [binary, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--font-render-hinting=none",
             "--remote-debugging-pipe", f"--user-data-dir={profile}", "--window-size=1280,1800", "about:blank"],
            # Not close_fds: it would close 3 and 4 after `descriptors` put the pipes there.
            close_fds=False, preexec_fn=descriptors,
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for fd in (to_child_read, from_child_write, high_read, high_write):
            os.close(fd)
        self.next_id = 0
        self.buffer = b""
        self.events = []
        target = self.call("Target.createTarget", url="about:blank")["targetId"]
        self.session = self.call("Target.attachToTarget", targetId=target, flatten=True)["sessionId"]
        self.call("Page.enable", session=True)
        self.call("Emulation.setDeviceMetricsOverride", session=True, width=1280, height=1800, deviceScaleFactor=1, mobile=False)

    def _read_message(self):
        while b"\0" not in self.buffer:
            chunk = os.read(self.from_child, 1 << 16)
            if not chunk:
                raise RuntimeError("Chromium closed the DevTools pipe")
            self.buffer += chunk
        message, self.buffer = self.buffer.split(b"\0", 1)
        return json.loads(message)

    def call(self, method, session=False, **params):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params}
        if session:
            message["sessionId"] = self.session
        os.write(self.to_child, json.dumps(message).encode() + b"\0")
        while True:
            reply = self._read_message()
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply.get("result", {})
            if "method" in reply:
                self.events.append(reply)

    def wait_for(self, event):
        while True:
            for index, seen in enumerate(self.events):
                if seen["method"] == event:
                    del self.events[:index + 1]
                    return seen
            self.events.append(self._read_message())

    def open(self, url):
        self.events.clear()
        self.call("Page.navigate", session=True, url=url)
        self.wait_for("Page.loadEventFired")

    def evaluate(self, expression):
        result = self.call("Runtime.evaluate", session=True, expression=expression, awaitPromise=True, returnByValue=True)
        if "exceptionDetails" in result:
            raise RuntimeError(f"the page's check failed: {result['exceptionDetails']}")
        return result["result"].get("value")

    def screenshot(self, path):
        data = self.call("Page.captureScreenshot", session=True, format="png")["data"]
        import base64
        pathlib.Path(path).write_bytes(base64.b64decode(data))

    def close(self):
        try:
            self.call("Browser.close")
        except RuntimeError:
            pass
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
        os.close(self.to_child)
        os.close(self.from_child)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quizbank", required=True)
    parser.add_argument("--out", required=True, help="the folder quizbank preview writes")
    parser.add_argument("--screenshot", help="where to write a screenshot of one question page (default: OUT/../preview-screenshot.png)")
    parser.add_argument("--chromium", default=shutil.which("chromium") or shutil.which("chromium-browser") or "chromium")
    parser.add_argument("banks", nargs="+")
    arguments = parser.parse_args()

    written = subprocess.run([arguments.quizbank, "preview", *arguments.banks, "-o", arguments.out], capture_output=True, text=True)
    if written.returncode != 0:
        sys.exit(f"quizbank preview exited {written.returncode}: {written.stderr}")
    site = pathlib.Path(arguments.out).absolute()
    pages = sorted(p.name for p in site.iterdir() if p.suffix == ".html")
    if "index.html" not in pages or len(pages) < 2:
        sys.exit(f"{site}: no index and question pages ({pages[:5]})")

    failures = []
    totals = {"pages": 0, "texts": 0, "reviews": 0, "images": 0}
    widest = float("-inf")
    best = (None, -1)
    most_scrollable = (None, 0)
    with tempfile.TemporaryDirectory(prefix="quizbank-chromium-") as profile:
        browser = Chromium(arguments.chromium, profile)
        try:
            check = CHECK_PAGE % {"tolerance": TOLERANCE_PX}
            for page in pages:
                browser.open((site / page).as_uri())
                result = browser.evaluate(check)
                totals["pages"] += 1
                for key in ("texts", "reviews", "images"):
                    totals[key] += result[key]
                if result["texts"]:
                    widest = max(widest, result["widest"])
                failures += [f"{page}: {problem}" for problem in result["problems"]]
                # The page shown: one with a cut and an image if there is one, else with a cut,
                # else the one with the longest review texts.
                if result["scrollable"] > most_scrollable[1]:
                    most_scrollable = (page, result["scrollable"])
                if page != "index.html":
                    score = 2000 * (result["cuts"] > 0) + 1000 * (result["images"] > 0) + result["reviewLines"]
                    if score > best[1]:
                        best = (page, score)
            browser.open((site / "index.html").as_uri())
            filters = browser.evaluate(CHECK_FILTERS)
            failures += [f"index.html: {problem}" for problem in filters["problems"]]
            frames = {"synced": 0}
            for page in sorted({page for page in (best[0], most_scrollable[0]) if page}):
                browser.open((site / page).as_uri())
                result = browser.evaluate(CHECK_FRAMES)
                frames["synced"] += result["synced"]
                failures += [f"{page}: {problem}" for problem in result["problems"]]
            if frames["synced"] == 0:
                failures.append("no frames scrolled together: no page has frames long enough to scroll")
            # The check must see a page that shows other lines than measured.
            sample = best[0] or next(p for p in pages if p != "index.html")
            for name, change in BREAK_PAGE.items():
                browser.open((site / sample).as_uri())
                browser.evaluate(change)
                if not browser.evaluate(check)["problems"]:
                    failures.append(f"the check missed {name} on {sample}")
            browser.open((site / sample).as_uri())
            browser.evaluate("document.fonts.ready.then(() => true)")
            screenshot = arguments.screenshot or str(site.parent / "preview-screenshot.png")
            browser.screenshot(screenshot)
        finally:
            browser.close()

    print(f"preview in Chromium: {totals['pages']} pages, {totals['texts']} measured texts ({totals['reviews']} review cells), "
          f"{totals['images']} images, {filters['cases']} index filters, {frames['synced']} frames scrolled along; widest line {widest:+.2f} px against its measured width; screenshot of {sample} in {screenshot}")
    if totals["reviews"] == 0:
        failures.append("no review cell on any page")
    if failures:
        print(f"{len(failures)} problem{'s' if len(failures) != 1 else ''}:", file=sys.stderr)
        for failure in failures[:50]:
            print("  " + failure, file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
