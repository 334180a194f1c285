// What a recorded figure was measured on: RESULTS.md lists it beside every table, since a
// shared VM's load moves the numbers more than most changes do.
import { readFileSync } from 'node:fs';
import os from 'node:os';

export function cpuModel() {
  try {
    const model = readFileSync('/proc/cpuinfo', 'utf8')
      .match(/^model name\s*:\s*(.+)$/m)?.[1]
      ?.trim();
    if (model) return model;
  } catch {
    // not Linux: fall back to what node reports
  }
  return os.cpus()[0]?.model ?? 'unknown';
}

/** Markdown list lines: CPU and cores, memory, OS, node, and the load around the run. */
export function machineLines(loadBefore, loadAfter) {
  return [
    `- CPU: ${cpuModel()}, ${os.cpus().length} cores`,
    `- memory: ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB`,
    `- OS: ${os.type()} ${os.release()} (${os.arch()})`,
    `- node: ${process.version}`,
    `- load average (1 min) before / after: ${loadBefore[0].toFixed(2)} / ${loadAfter[0].toFixed(2)}`,
  ].join('\n');
}
