import http from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

/**
 * Closed-loop HTTP load in its own thread, so that the clients do not share the server's event loop:
 * `clients` loops each take the next URL until all are sent or, with `seconds`, round and round until that
 * time is up. `headers` go with every request (a bearer token). Posts back sorted latencies in ms.
 * Plain node:http over kept-alive connections: fetch spent about 0.5 ms of CPU per request, more than the
 * server's whole answer from memory, and on a 2-core machine that is time taken from the server.
 */
/** @type {{ urls: string[]; clients: number; seconds?: number; headers?: Record<string, string> }} */
const { urls, clients, seconds, headers = {} } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
/** @type {number[]} */
const latencies = [];
let next = 0;
let errors = 0;

/** @param {string} url @returns {Promise<number>} the status, once the whole body is read */
const get = (url) => new Promise((resolve, reject) => {
  http.get(url, { agent, headers }, (response) => {
    response.on('data', () => undefined);
    response.on('end', () => resolve(response.statusCode ?? 0));
    response.on('error', reject);
  }).on('error', reject);
});

const started = performance.now();
const until = seconds ? started + seconds * 1000 : Infinity;
const more = () => (seconds ? performance.now() < until : next < urls.length);
await Promise.all(Array.from({ length: clients }, async () => {
  while (more()) {
    const url = urls[next++ % urls.length];
    const t0 = performance.now();
    const status = await get(url).catch(() => 0);
    if (status !== 200) errors += 1;
    latencies.push(performance.now() - t0);
  }
}));
agent.destroy();
parentPort?.postMessage({ latencies: latencies.sort((a, b) => a - b), seconds: (performance.now() - started) / 1000, errors });
