"""The inline stylesheet and script of the HTML report (:mod:`traces.report`): no file or network access.

The script reads the report's data from ``<script type="application/json" id="streamsim-data">`` and
draws the timeline on a canvas: one row per resource (the layout of :mod:`traces.layout`), bars coloured
by category, names where they fit, flows as arrows from the end of a span to the start of the span it
enabled, and the critical path as a red strip under its spans and red arrows between them (both can be
switched off). Under it, the memory in use per pool is drawn on a second canvas with the same gutter
and time axis: zooming or panning one moves both. Mouse wheel zooms about the pointer, dragging pans, a
double click resets, hovering a bar shows its name, category, start, duration and op location. When it
has drawn, it sets on ``<body>``: ``data-rendered`` (the number of rows), ``data-rows`` (their labels
joined by ``|``), ``data-drawn-spans``, ``data-drawn-flows`` (past 400 flows in view, only the critical
path's are drawn), ``data-drawn-critical`` (spans marked),
``data-memory-series`` (lines drawn) and ``data-draw-ms`` (the last drawing's time): what the
headless-browser test and ``benchmarks/report.py`` read back.
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
.tl-box { position: relative; border: 1px solid #ccc; }
.tl-box + .tl-box { border-top: none; }
#timeline-canvas, #memory-canvas { display: block; width: 100%; cursor: grab; }
.legend label { margin-right: 1em; }
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
  var mem = document.getElementById("memory-canvas"), mctx = mem ? mem.getContext("2d") : null;
  var MEM_PX = 150, CRIT = "#C44E52", MAX_FLOWS = 400, flowNote = document.getElementById("flow-note");
  var byId = {}, critical = {}, onPath = {};
  tl.spans.forEach(function (s) { byId[s[0]] = s; });
  tl.critical.forEach(function (id, i) {
    critical[id] = true;
    if (i > 0) { onPath[tl.critical[i - 1] + ">" + id] = true; }
  });
  var showFlows = document.getElementById("show-flows"), showCritical = document.getElementById("show-critical");
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
    if (mem) {
      mem.width = w * dpr; mem.height = MEM_PX * dpr; mem.style.height = MEM_PX + "px";
      mctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    }
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
    // The critical path: a strip along the bottom of each of its spans (the category colour stays).
    var marked = 0;
    if (!showCritical || showCritical.checked) {
      ctx.fillStyle = CRIT;
      tl.critical.forEach(function (id) {
        var s = byId[id];
        if (!s) { return; }
        var x0 = x(s[4]), x1 = x(s[4] + s[5]);
        if (x1 < GUTTER || x0 > w) { return; }
        var sh = Math.min(3, Math.max(1, s[3] * ROW_PX * 0.3));  // thin in collapsed rows' bands
        ctx.fillRect(x0, (s[2] + s[3]) * ROW_PX - sh, Math.max(x1 - x0, 2), sh);
        marked++;
      });
    }
    // Flows: from the end of the source span to the start of the span it enabled.
    // Past MAX_FLOWS arrows in view only the critical path's are drawn (zoom in for the others).
    var arrows = 0, inView = [];
    if (!showFlows || showFlows.checked) {
      tl.flows.forEach(function (f) {
        var a = byId[f[0]], b = byId[f[1]];
        if (!a || !b) { return; }
        var x0 = x(a[4] + a[5]), x1 = x(b[4]);
        if ((x0 < GUTTER && x1 < GUTTER) || (x0 > w && x1 > w)) { return; }
        inView.push([f, a, b, x0, x1]);
      });
    }
    var crowded = inView.length > MAX_FLOWS;
    if (flowNote) {
      flowNote.textContent = crowded ? inView.length + " flows in view: only the critical path's are drawn; zoom in" : "";
    }
    if (inView.length) {
      ctx.lineWidth = 1;
      inView.forEach(function (item) {
        var f = item[0], a = item[1], b = item[2], x0 = item[3], x1 = item[4];
        var y0 = (a[2] + a[3] / 2) * ROW_PX, y1 = (b[2] + b[3] / 2) * ROW_PX;
        var red = (!showCritical || showCritical.checked) && onPath[f[0] + ">" + f[1]];
        if (crowded && !red) { return; }
        var colour = red ? CRIT : "rgba(40, 40, 40, 0.55)";
        var bend = Math.max(12, Math.abs(x1 - x0) / 2);
        ctx.strokeStyle = colour; ctx.lineWidth = red ? 2 : 1;
        ctx.beginPath(); ctx.moveTo(x0, y0);
        ctx.bezierCurveTo(x0 + bend, y0, x1 - bend, y1, x1, y1);
        ctx.stroke();
        ctx.fillStyle = colour;
        ctx.beginPath(); ctx.moveTo(x1, y1); ctx.lineTo(x1 - 6, y1 - 3); ctx.lineTo(x1 - 6, y1 + 3);
        ctx.closePath(); ctx.fill();
        arrows++;
      });
      ctx.lineWidth = 1;
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
    document.body.setAttribute("data-drawn-flows", String(arrows));
    document.body.setAttribute("data-drawn-critical", String(marked));
    drawMemory(step, u);
    document.body.setAttribute("data-draw-ms", (window.performance.now() - began).toFixed(1));
  }
  // Memory in use per pool, as step lines on the timeline's time axis (same gutter, same view).
  function drawMemory(step, u) {
    if (!mem) { return; }
    var m = tl.memory, w = dims[0], top = 8, bottom = MEM_PX - AXIS, lines = 0;
    var peak = 1e-12;
    m.series.forEach(function (pts) { pts.forEach(function (p) { peak = Math.max(peak, p[1] / m.unit_bytes); }); });
    function y(v) { return bottom - v / m.unit_bytes / peak * (bottom - top); }
    mctx.clearRect(0, 0, w, MEM_PX);
    mctx.font = "11px system-ui, sans-serif"; mctx.textBaseline = "middle";
    mctx.fillStyle = "#222";
    mctx.fillText("memory (" + m.unit + ")", 4, top + 2, GUTTER - 40);
    mctx.textAlign = "right";
    mctx.fillText(String(+peak.toPrecision(4)), GUTTER - 6, top + 2);
    mctx.fillText("0", GUTTER - 6, bottom);
    mctx.textAlign = "left";
    m.labels.forEach(function (label, i) {
      var ly = top + 18 + 14 * i;
      if (ly > bottom - 6) { return; }
      mctx.fillStyle = m.colors[i]; mctx.fillRect(4, ly - 4, 8, 8);
      mctx.fillStyle = "#222"; mctx.fillText(label, 16, ly, GUTTER - 60);
    });
    mctx.save();
    mctx.beginPath(); mctx.rect(GUTTER, 0, w - GUTTER, MEM_PX); mctx.clip();
    mctx.strokeStyle = "#888";
    mctx.beginPath(); mctx.moveTo(GUTTER, bottom + 0.5); mctx.lineTo(w, bottom + 0.5); mctx.stroke();
    m.series.forEach(function (pts, i) {
      if (!pts.length) { return; }
      mctx.strokeStyle = m.colors[i]; mctx.lineWidth = 1.5;
      mctx.beginPath(); mctx.moveTo(x(pts[0][0]), y(pts[0][1]));
      for (var k = 1; k < pts.length; k++) {
        mctx.lineTo(x(pts[k][0]), y(pts[k - 1][1]));
        mctx.lineTo(x(pts[k][0]), y(pts[k][1]));
      }
      mctx.lineTo(x(Math.max(tl.end_ns, pts[pts.length - 1][0])), y(pts[pts.length - 1][1]));
      mctx.stroke();
      lines++;
    });
    mctx.restore();
    // The timeline's ticks, at the same places.
    mctx.fillStyle = "#222"; mctx.strokeStyle = "#888"; mctx.textBaseline = "top"; mctx.lineWidth = 1;
    for (var t = Math.ceil(view[0] / step) * step; t <= view[1]; t += step) {
      var px = x(t);
      mctx.beginPath(); mctx.moveTo(px, bottom); mctx.lineTo(px, bottom + 4); mctx.stroke();
      mctx.fillText((+(t / unitNs[u]).toPrecision(6)) + " " + u, px + 2, bottom + 5);
    }
    document.body.setAttribute("data-memory-series", String(lines));
  }
  function timeAt(px) { return view[0] + (px - GUTTER) / (dims[0] - GUTTER - 8) * (view[1] - view[0]); }
  function zoom(e) {
    e.preventDefault();
    var at = timeAt(e.offsetX), f = e.deltaY > 0 ? 1.25 : 0.8;
    var lo = at - (at - view[0]) * f, hi = at + (view[1] - at) * f;
    if (hi - lo < 10) { return; }
    view = [Math.max(span0 - (span1 - span0), lo), Math.min(span1 + (span1 - span0), hi)];
    draw();
  }
  canvas.addEventListener("wheel", zoom, {passive: false});
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
  if (mem) {
    mem.addEventListener("wheel", zoom, {passive: false});
    mem.addEventListener("mousedown", function (e) { drag = [e.offsetX, view[0], view[1]]; });
    mem.addEventListener("mousemove", function (e) {
      if (!drag) { return; }
      var dt = (e.offsetX - drag[0]) / (dims[0] - GUTTER - 8) * (drag[2] - drag[1]);
      view = [drag[1] - dt, drag[2] - dt]; draw();
    });
    mem.addEventListener("dblclick", function () { view = [span0, span1]; draw(); });
  }
  [showFlows, showCritical].forEach(function (box) { if (box) { box.addEventListener("change", draw); } });
  window.addEventListener("resize", function () { dims = size(); draw(); });
  draw();
})();
"""
