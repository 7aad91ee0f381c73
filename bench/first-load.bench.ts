import { chromium } from 'playwright-core';
import { startServer } from '../e2e/harness.js';

/**
 * The public lookup's first load in Chromium on localhost, cold cache: the JavaScript it transfers (compressed, as
 * sent) and its Largest Contentful Paint, against the goals of < 200 KB and < 1 s. The same page on a throttled
 * connection (200 KB/s, the case users reported) shows when the first paint comes: the skeleton in index.html.
 */
const goals = { jsKb: 200, lcpMs: 1000 };

async function measure(url: string, throttle: boolean): Promise<{ jsKb: number; lcpMs: number; fcpMs: number }> {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
  try {
    const context = await browser.newContext();
    const page = await context.newPage();
    const session = await context.newCDPSession(page);
    await session.send('Network.enable');
    await session.send('Network.setCacheDisabled', { cacheDisabled: true });
    if (throttle) await session.send('Network.emulateNetworkConditions', { offline: false, latency: 40, downloadThroughput: 200 * 1024, uploadThroughput: 200 * 1024 });
    let jsBytes = 0;
    const scripts = new Set<string>();
    session.on('Network.responseReceived', (event: { requestId: string; type: string }) => { if (event.type === 'Script') scripts.add(event.requestId); });
    session.on('Network.loadingFinished', (event: { requestId: string; encodedDataLength: number }) => { if (scripts.has(event.requestId)) jsBytes += event.encodedDataLength; });
    await page.addInitScript(() => {
      const w = window as unknown as { __lcp: number };
      w.__lcp = 0;
      new PerformanceObserver((list) => { for (const entry of list.getEntries()) w.__lcp = entry.startTime; }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    await page.goto(`${url}/`, { waitUntil: 'networkidle' });
    await page.waitForTimeout(500);
    const { lcp, fcp } = await page.evaluate(() => ({
      lcp: (window as unknown as { __lcp: number }).__lcp,
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0,
    }));
    return { jsKb: Math.round(jsBytes / 1024), lcpMs: Math.round(lcp), fcpMs: Math.round(fcp) };
  } finally {
    await browser.close();
  }
}

const server = await startServer();
try {
  const fast = await measure(server.url, false);
  const slow = await measure(server.url, true);
  console.log(`public lookup, localhost: ${fast.jsKb} KB of JavaScript transferred (goal < ${goals.jsKb} KB), FCP ${fast.fcpMs} ms, LCP ${fast.lcpMs} ms (goal < ${goals.lcpMs} ms)`);
  console.log(`public lookup, 200 KB/s: first paint (the skeleton) at ${slow.fcpMs} ms, LCP ${slow.lcpMs} ms`);
  console.log(fast.jsKb < goals.jsKb && fast.lcpMs < goals.lcpMs ? 'goals met' : 'goals NOT met');
} finally {
  await server.stop();
}
