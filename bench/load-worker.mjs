import { parentPort, workerData } from 'node:worker_threads';

/**
 * Closed-loop HTTP load in its own thread, so that the clients do not share the server's event loop:
 * `clients` loops each take the next URL until all are sent. Posts back sorted latencies in ms.
 */
/** @type {{ urls: string[]; clients: number }} */
const { urls, clients } = workerData;
/** @type {number[]} */
const latencies = [];
let next = 0;
let errors = 0;
const started = performance.now();
await Promise.all(Array.from({ length: clients }, async () => {
  while (next < urls.length) {
    const url = urls[next++];
    const t0 = performance.now();
    const response = await fetch(url);
    await response.arrayBuffer();
    if (!response.ok) errors += 1;
    latencies.push(performance.now() - t0);
  }
}));
parentPort?.postMessage({ latencies: latencies.sort((a, b) => a - b), seconds: (performance.now() - started) / 1000, errors });
