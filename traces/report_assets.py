"""The inline stylesheet and script of the HTML report (:mod:`traces.report`): no file or network access.

The script reads the report's data from ``<script type="application/json" id="streamsim-data">`` and
draws the timeline on a canvas: one row per resource (the layout of :mod:`traces.layout`), bars coloured
by category, names where they fit. Mouse wheel zooms about the pointer, dragging pans, a double click
resets, hovering a bar shows its name, category, start, duration and op location. When it has drawn,
it sets on ``<body>``: ``data-rendered`` (the number of rows), ``data-rows`` (their labels joined by
``|``), ``data-drawn-spans`` and ``data-draw-ms`` (the last drawing's time): what the headless-browser
test and ``benchmarks/report.py`` read back.
"""

from __future__ import annotations

CSS = """
body { font: 13px/1.4 system-ui, sans-serif; margin: 1.2em 2em; color: #222; max-width: 1400px; }
h1 { font-size: 1.4em; margin-bottom: 0.2em; } h2 { font-size: 1.15em; margin-top: 1.6em; }
.meta { color: #555; }
table { border-collapse: collapse; margin: 0.4em 0; }
th, td { border-bottom: 1px solid #ddd; padding: 2px 10px; text-align: right; white-space: nowrap; }
th:first-child, td:first-child { text-align: left; }
th { background: #f4f4f4; }
.scroll { max-height: 24em; overflow: auto; display: inline-block; }
#timeline-box { position: relative; border: 1px solid #ccc; }
#timeline-canvas { display: block; width: 100%; cursor: grab; }
#tip { position: absolute; pointer-events: none; background: #fffbe6; border: 1px solid #aaa;
       padding: 3px 6px; font-size: 12px; display: none; white-space: pre; }
.legend span { display: inline-block; margin-right: 1em; }
.legend i { display: inline-block; width: 0.9em; height: 0.9em; margin-right: 0.3em; vertical-align: -1px; }
.finding { color: #a00; } .clean { color: #070; }
.hint { color: #777; font-size: 0.9em; }
svg text { font: 11px system-ui, sans-serif; }
"""

JS = r"""
(function () {
  "use strict";
  var data = JSON.parse(document.getElementById("streamsim-data").textContent);
  var tl = data.timeline;
  var canvas = document.getElementById("timeline-canvas");
  if (!canvas || !tl) { return; }
  var tip = document.getElementById("tip");
  var ctx = canvas.getContext("2d");
  var GUTTER = 190, AXIS = 24, ROW_PX = 26, dpr = window.devicePixelRatio || 1;
  var unitNs = {ns: 1, us: 1e3, ms: 1e6, s: 1e9};
  var span0 = tl.start_ns, span1 = Math.max(tl.end_ns, tl.start_ns + 1);
  var view = [span0, span1];
  var totalRows = 0;
  tl.rows.forEach(function (r) { totalRows = Math.max(totalRows, r.top + r.height); });
  function size() {
    var w = canvas.parentNode.clientWidth || 1000;
    var h = Math.max(60, Math.round(totalRows * ROW_PX) + AXIS + 4);
    canvas.width = w * dpr; canvas.height = h * dpr;
    canvas.style.height = h + "px";
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    return [w, h];
  }
  var dims = size();
  function x(t) { return GUTTER + (t - view[0]) / (view[1] - view[0]) * (dims[0] - GUTTER - 8); }
  function unitFor(d) { return d >= 1e9 ? "s" : d >= 1e6 ? "ms" : d >= 1e3 ? "us" : "ns"; }
  function fmt(ns) { var u = unitFor(Math.abs(ns)); return (+(ns / unitNs[u]).toPrecision(4)) + " " + u; }
  // The name if it fits in n characters, else its dispatch_N part, then dN, else its first n-1 characters.
  function label(name, n) {
    if (n < 2) { return ""; }
    if (name.length <= n) { return name; }
    var m = /dispatch_([0-9]+)/.exec(name);
    if (m && m[0].length <= n) { return m[0]; }
    if (m && m[1].length + 1 <= n) { return "d" + m[1]; }
    return n >= 4 ? name.slice(0, n - 1) + "\u2026" : "";
  }
  function draw() {
    var began = window.performance.now();
    var w = dims[0], h = dims[1];
    ctx.clearRect(0, 0, w, h);
    ctx.font = "11px system-ui, sans-serif";
    ctx.textBaseline = "middle";
    // Row bands and labels.
    tl.rows.forEach(function (r, i) {
      ctx.fillStyle = i % 2 ? "#fafafa" : "#f0f0f0";
      ctx.fillRect(0, r.top * ROW_PX, w, r.height * ROW_PX);
      ctx.fillStyle = "#222";
      ctx.fillText(r.label, 4, (r.top + r.height / 2) * ROW_PX, GUTTER - 8);
    });
    ctx.save();
    ctx.beginPath(); ctx.rect(GUTTER, 0, w - GUTTER, h); ctx.clip();
    var minPx = 1, drawn = 0;
    for (var k = 0; k < tl.spans.length; k++) {
      var s = tl.spans[k];  // [id, row, top, height, start_ns, dur_ns, category, name, loc]
      var x0 = x(s[4]), x1 = x(s[4] + s[5]);
      if (x1 < GUTTER || x0 > w) { continue; }
      var bw = Math.max(x1 - x0, minPx);
      ctx.fillStyle = tl.colors[s[6]];
      // Back-to-back bars a few pixels wide keep a one-pixel gap between them.
      ctx.fillRect(x0, s[2] * ROW_PX, bw > 4 ? bw - 1 : bw, s[3] * ROW_PX);
      drawn++;
      if (bw > 30 && s[3] * ROW_PX >= 11 && !tl.rows[s[1]].collapsed) {
        var text = label(tl.names[s[7]], Math.floor((bw - 4) / 6.2));
        if (text) {
          ctx.fillStyle = tl.text[s[6]];
          ctx.fillText(text, Math.max(x0, GUTTER) + 2, (s[2] + s[3] / 2) * ROW_PX, bw - 4);
        }
      }
    }
    ctx.restore();
    // Time axis.
    var y = totalRows * ROW_PX + 2, u = unitFor(view[1] - view[0]);
    ctx.fillStyle = "#222"; ctx.strokeStyle = "#888";
    ctx.beginPath(); ctx.moveTo(GUTTER, y); ctx.lineTo(w, y); ctx.stroke();
    var step = Math.pow(10, Math.floor(Math.log10((view[1] - view[0]) / 5)));
    if ((view[1] - view[0]) / step > 10) { step *= 2; }
    ctx.textBaseline = "top";
    for (var t = Math.ceil(view[0] / step) * step; t <= view[1]; t += step) {
      var px = x(t);
      ctx.beginPath(); ctx.moveTo(px, y); ctx.lineTo(px, y + 4); ctx.stroke();
      ctx.fillText((+(t / unitNs[u]).toPrecision(6)) + " " + u, px + 2, y + 5);
    }
    document.body.setAttribute("data-rendered", String(tl.rows.length));
    document.body.setAttribute("data-rows", tl.rows.map(function (r) { return r.label; }).join("|"));
    document.body.setAttribute("data-drawn-spans", String(drawn));
    document.body.setAttribute("data-draw-ms", (window.performance.now() - began).toFixed(1));
  }
  function timeAt(px) { return view[0] + (px - GUTTER) / (dims[0] - GUTTER - 8) * (view[1] - view[0]); }
  canvas.addEventListener("wheel", function (e) {
    e.preventDefault();
    var at = timeAt(e.offsetX), f = e.deltaY > 0 ? 1.25 : 0.8;
    var lo = at - (at - view[0]) * f, hi = at + (view[1] - at) * f;
    if (hi - lo < 10) { return; }
    view = [Math.max(span0 - (span1 - span0), lo), Math.min(span1 + (span1 - span0), hi)];
    draw();
  }, {passive: false});
  var drag = null;
  canvas.addEventListener("mousedown", function (e) { drag = [e.offsetX, view[0], view[1]]; });
  window.addEventListener("mouseup", function () { drag = null; });
  canvas.addEventListener("mousemove", function (e) {
    if (drag) {
      var dt = (e.offsetX - drag[0]) / (dims[0] - GUTTER - 8) * (drag[2] - drag[1]);
      view = [drag[1] - dt, drag[2] - dt]; draw(); return;
    }
    var t = timeAt(e.offsetX), yRow = e.offsetY / ROW_PX, hit = null;
    for (var k = tl.spans.length - 1; k >= 0; k--) {
      var s = tl.spans[k];
      if (yRow >= s[2] && yRow < s[2] + s[3] && t >= s[4] && t <= s[4] + Math.max(s[5], (view[1] - view[0]) / dims[0])) {
        hit = s; break;
      }
    }
    if (!hit) { tip.style.display = "none"; return; }
    var loc = hit[8] >= 0 ? tl.locs[hit[8]] : "";
    tip.textContent = tl.names[hit[7]] + "\n" + tl.categories[hit[6]] + "  start " + fmt(hit[4] - tl.start_ns) +
      "  duration " + fmt(hit[5]) + (loc ? "\n" + loc : "");
    tip.style.left = (e.offsetX + 12) + "px"; tip.style.top = (e.offsetY + 12) + "px";
    tip.style.display = "block";
  });
  canvas.addEventListener("mouseleave", function () { tip.style.display = "none"; });
  canvas.addEventListener("dblclick", function () { view = [span0, span1]; draw(); });
  window.addEventListener("resize", function () { dims = size(); draw(); });
  draw();
})();
"""
