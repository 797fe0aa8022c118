// Reads Chrome JSON trace files with Chrome DevTools' trace engine (the model behind the Performance
// panel, published on npm as @paulirish/trace_engine) and prints, per file, one JSON line of what it
// found: the slices of every thread (pid, tid, thread name, name, start and end in ns) and the flows
// it bound to slices (the (ts, pid, tid) of each bound event). Usage: node read_traces.mjs FILE...
import fs from 'node:fs';
import * as TraceEngine from '@paulirish/trace_engine';

// The engine measures layout with window.DOMRect, which Node lacks; no slice depends on it.
globalThis.DOMRect ??= class DOMRect {
  constructor(x = 0, y = 0, width = 0, height = 0) {
    Object.assign(this, {x, y, width, height});
  }
};

const ns = us => Math.round(us * 1000);

for (const file of process.argv.slice(2)) {
  const document = JSON.parse(fs.readFileSync(file, 'utf8'));
  const model = TraceEngine.TraceModel.Model.createWithAllHandlers();
  await model.parse(document.traceEvents ?? document);
  const data = model.parsedTrace().data;
  const slices = [];
  for (const [pid, process] of data.Renderer.processes) {
    for (const [tid, thread] of process.threads) {
      for (const e of thread.entries) {
        slices.push([pid, tid, thread.name, e.name, ns(e.ts), ns(e.ts + (e.dur ?? 0))]);
      }
    }
  }
  const flows = data.Flows.flows.map(flow => flow.map(e => [ns(e.ts), e.pid, e.tid, e.name]));
  console.log(JSON.stringify({file, slices, flows}));
}
