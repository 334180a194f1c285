// Preloaded into a measured process (node --require): writes its peak resident set size
// (KiB, from getrusage) to $PEAK_RSS_FILE as it exits. Run with --expose-gc, it also
// samples the live heap (after a full GC, every 250 ms) and adds the largest, in KiB: what
// the process really holds, apart from how much heap V8 chose to keep around.
let liveHeap = 0;
if (typeof global.gc === 'function') {
  const sample = () => {
    global.gc();
    liveHeap = Math.max(liveHeap, process.memoryUsage().heapUsed);
  };
  setInterval(sample, 250).unref();
}
process.on('exit', () => {
  const file = process.env.PEAK_RSS_FILE;
  if (!file) return;
  const peak = process.resourceUsage().maxRSS;
  require('node:fs').writeFileSync(file, liveHeap > 0 ? `${peak} ${Math.round(liveHeap / 1024)}` : String(peak));
});
