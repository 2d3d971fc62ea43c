/// The style sheet and the script every page of the site shares.
enum PreviewAssets {
    /// The frames are drawn 1 CSS pixel to the point. A measured text sets its point size,
    /// leading, width and tracking as custom properties (`--pt`, `--lead`, `--w`, `--tr`); a
    /// frame group sets the font (`--font`) and how much the measure narrowed it (`--s`): each
    /// line is laid out `1/s` wider and scaled by `s`, so that it is as wide as measured, with
    /// the tracking added after the scaling, as the measure adds it.
    static let styleSheet = """
        :root { color-scheme: light; }
        body { margin: 0; font: 16px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; color: #1b1b1b; background: #ffffff; }
        a { color: #0b4fb3; }
        :focus-visible { outline: 3px solid #0b4fb3; outline-offset: 2px; }
        .skip { position: absolute; left: 8px; top: -48px; background: #ffffff; padding: 8px 12px; z-index: 10; }
        .skip:focus { top: 8px; }
        .visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
        header.site { display: flex; flex-wrap: wrap; gap: 8px 24px; justify-content: space-between; padding: 12px 24px; border-bottom: 1px solid #c8c8c8; background: #f5f5f7; }
        header.site .brand { margin: 0; font-weight: 600; }
        .pager a { margin-inline-start: 16px; }
        main { padding: 8px 24px 48px; }
        h1 { font-size: 1.6rem; margin: 12px 0 4px; }
        h2 { font-size: 1.25rem; margin: 24px 0 8px; }
        .meta, .path { color: #4a4a4a; }
        .note { border-inline-start: 4px solid #8a4b00; padding: 4px 12px; background: #fdf6ec; }
        .path { font-size: 0.9rem; font-weight: normal; }
        .locales a { display: inline-block; padding: 2px 10px; margin-inline-end: 4px; border: 1px solid #0b4fb3; border-radius: 12px; text-decoration: none; }
        .locales a[aria-current="page"] { background: #0b4fb3; color: #ffffff; }
        .filters { display: flex; flex-wrap: wrap; gap: 12px 24px; align-items: center; padding: 12px 0; }
        table.questions { border-collapse: collapse; width: 100%; margin-bottom: 24px; }
        table.questions caption { text-align: start; font-weight: 600; padding: 4px 0; }
        table.questions th, table.questions td { border-bottom: 1px solid #d6d6d6; padding: 6px 8px; text-align: start; vertical-align: top; }
        table.questions thead th { border-bottom: 2px solid #8a8a8a; }
        ul.findings { margin: 0; padding-inline-start: 18px; }
        ul.findings li { margin: 2px 0; }
        .severity { font-weight: 600; }
        .error .severity { color: #a4161a; }
        .warning .severity { color: #8a4b00; }
        .info .severity { color: #1d5b8f; }
        .place { color: #4a4a4a; font-size: 0.9em; }
        .frames { display: flex; gap: 24px; align-items: flex-start; overflow-x: auto; padding: 4px 4px 12px; }
        .frame { margin: 0; flex: none; }
        .frame figcaption { display: flex; justify-content: space-between; align-items: center; gap: 8px; margin-bottom: 6px; font-weight: 600; }
        .enlarge { font: inherit; font-weight: normal; padding: 2px 10px; border: 1px solid #0b4fb3; border-radius: 6px; background: #ffffff; color: #0b4fb3; cursor: pointer; }
        .enlarge[aria-pressed="true"] { background: #0b4fb3; color: #ffffff; }
        .frame.enlarged .phone { zoom: 1.5; }
        .phone { width: calc(var(--device-width) * 1px); height: calc(var(--device-height) * 1px); display: flex; flex-direction: column;
                 border: 1px solid #6e6e6e; border-radius: 28px; overflow: hidden; background: #ffffff; color: #000000;
                 font-family: var(--font, system-ui), system-ui, sans-serif; font-synthesis: none; font-kerning: normal; text-rendering: geometricPrecision; }
        .bar { flex: none; padding: 14px 16px; background: #f2f2f7; font: 600 17px/22px system-ui, sans-serif; text-align: center; }
        .bar.top { border-bottom: 1px solid #c6c6c8; }
        .bar.bottom { border-top: 1px solid #c6c6c8; }
        .app-button { display: inline-block; padding: 6px 18px; border-radius: 10px; background: #0a57c2; color: #ffffff; }
        .content { flex: 1; overflow-y: auto; overflow-x: hidden; }
        .row { display: flex; align-items: flex-start; padding-block: 11px; }
        .question-image { padding-block: 12px 0; }
        .question-image img { display: block; width: auto; max-width: 100%; height: auto; max-height: 200px; margin: 0 auto; }
        .thumbnail img { display: block; width: 100%; height: auto; }
        .missing-image { display: block; border: 1px dashed #6e6e6e; padding: 8px; font-size: 13px; }
        .choices { list-style: none; margin: 0; padding: 0; }
        .choice { display: flex; align-items: flex-start; padding-block: 12px; border-top: 1px solid #d1d1d6; }
        .choice.static { padding-inline: 32px; font-size: 17px; }
        .hint { background: #fff8e1; }
        .review-cell { border-bottom: 1px solid #d1d1d6; }
        .reserve { flex: none; aspect-ratio: 1; border-radius: 50%; background: #c7d2e4; }
        .reserve.thumbnail { aspect-ratio: auto; border-radius: 6px; background: none; overflow: hidden; }
        .text { flex: none; width: calc(var(--w) * 1px); font-size: calc(var(--pt) * 1px); line-height: calc(var(--lead) * 1px); }
        .line { display: block; white-space: nowrap; width: calc(100% / var(--s, 1)); transform: scaleX(var(--s, 1)); transform-origin: 0 0;
                letter-spacing: calc(var(--tr) * var(--pt) * 1px / var(--s, 1)); }
        .line.cut-off { color: #595959; background: #f1f1f1; }
        .cut-mark { display: block; margin: 2px 0; padding-top: 2px; border-top: 2px dashed #a4161a; color: #a4161a;
                    font: 600 12px/16px system-ui, sans-serif; letter-spacing: normal; white-space: normal; }

        """

    /// Filters on the index; the frames of a group scrolling together; the enlarge buttons.
    static let script = """
        "use strict";
        (function () {
          var form = document.getElementById("filters");
          if (form) {
            var onlyFindings = document.getElementById("filter-findings");
            var rule = document.getElementById("filter-rule");
            var size = document.getElementById("filter-size");
            var count = document.getElementById("filter-count");
            var rows = Array.prototype.slice.call(document.querySelectorAll("table.questions tbody tr"));
            var apply = function () {
              var shown = 0;
              rows.forEach(function (row) {
                var keep = (!onlyFindings.checked || row.dataset.findings !== "0")
                  && (!rule.value || row.dataset.rules.split(" ").indexOf(rule.value) >= 0)
                  && (!size.value || row.dataset.sizes.split(" ").indexOf(size.value) >= 0);
                row.hidden = !keep;
                if (keep) { shown += 1; }
              });
              count.textContent = shown + " of " + rows.length + " questions shown";
            };
            form.addEventListener("change", apply);
            form.addEventListener("submit", function (event) { event.preventDefault(); });
            form.hidden = false;
            apply();
          }
          // A scroll of one frame's content scrolls the others of its group to the same share of
          // their length; the positions set here are remembered, so that their own scroll events
          // do not echo back.
          Array.prototype.forEach.call(document.querySelectorAll(".frames"), function (group) {
            var panes = Array.prototype.slice.call(group.querySelectorAll(".content"));
            panes.forEach(function (pane) {
              pane.addEventListener("scroll", function () {
                if (pane.quizbankSet !== undefined && Math.abs(pane.scrollTop - pane.quizbankSet) < 1) { pane.quizbankSet = undefined; return; }
                var range = pane.scrollHeight - pane.clientHeight;
                var share = range > 0 ? pane.scrollTop / range : 0;
                panes.forEach(function (other) {
                  if (other === pane) { return; }
                  var target = Math.round(share * (other.scrollHeight - other.clientHeight));
                  if (Math.abs(other.scrollTop - target) >= 1) { other.quizbankSet = target; other.scrollTop = target; }
                });
              });
            });
          });
          Array.prototype.forEach.call(document.querySelectorAll("button.enlarge"), function (button) {
            button.addEventListener("click", function () {
              var frame = button.closest(".frame");
              var on = !frame.classList.contains("enlarged");
              frame.classList.toggle("enlarged", on);
              button.setAttribute("aria-pressed", on ? "true" : "false");
            });
          });
        })();

        """
}
