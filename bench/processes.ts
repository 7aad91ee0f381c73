import { spawn } from 'node:child_process';

/**
 * The monitor process: samples this process's RSS and its children's (found through /proc by parent pid)
 * every `intervalMs`, and has another user fetch `listUrl` at the same pace (never two requests at once). A
 * process of its own, so that it keeps its pace while the server's event loop is busy and its own
 * memory is not counted as the server's.
 */
const monitorSource = `
const fs = require('node:fs');
const { pid, listUrl, token, intervalMs } = JSON.parse(process.argv[1]);
const rssOf = (id) => Number((/VmRSS:\\s+(\\d+)/.exec(fs.readFileSync('/proc/' + id + '/status', 'utf8')) || [])[1] || 0) * 1024;
const now = () => performance.timeOrigin + performance.now();
const memory = [];
const latencies = [];
const children = new Map();
let stopped = false;
function sample() {
  let childBytes = 0;
  for (const name of fs.readdirSync('/proc')) {
    if (!/^[0-9]+$/.test(name) || Number(name) === process.pid) continue;
    let stat;
    try { stat = fs.readFileSync('/proc/' + name + '/stat', 'utf8'); } catch { continue; }
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(fields[1]) !== pid) continue;
    let kb = 0;
    try { kb = rssOf(name) / 1024; } catch { continue; }
    const ticks = Number(fields[11]) + Number(fields[12]);
    const known = children.get(name) || { peak: 0, ticks: 0 };
    children.set(name, { peak: Math.max(known.peak, kb * 1024), ticks: Math.max(known.ticks, ticks) });
    childBytes += kb * 1024;
  }
  memory.push([now(), rssOf(pid), childBytes]);
}
const timer = setInterval(sample, intervalMs);
(async () => {
  while (!stopped) {
    const t0 = now();
    let status = 0;
    try {
      const response = await fetch(listUrl, { headers: { authorization: 'Bearer ' + token } });
      await response.arrayBuffer();
      status = response.status;
    } catch {}
    if (!stopped) latencies.push([t0, now() - t0, status]);
    const wait = t0 + intervalMs - now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }
})();
process.on('message', () => {
  stopped = true;
  clearInterval(timer);
  sample();
  process.send({ memory, latencies, children: [...children.values()] }, () => process.exit(0));
});
`;

export interface MonitorReport { memory: Array<[number, number, number]>; latencies: Array<[number, number, number]>; children: Array<{ peak: number; ticks: number }> }

export function startMonitor(listUrl: string, token: string, intervalMs = 100): { stop: () => Promise<MonitorReport> } {
  const monitor = spawn(process.execPath, ['-e', monitorSource, JSON.stringify({ pid: process.pid, listUrl, token, intervalMs })], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return {
    stop: async () => {
      const report = new Promise<MonitorReport>((resolve, reject) => {
        monitor.once('message', (message) => resolve(message as MonitorReport));
        monitor.once('exit', (code) => reject(new Error(`the monitor stopped (exit ${code})`)));
      });
      monitor.send('stop');
      return report;
    },
  };
}
