import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { startServerProcess } from '../e2e/server-process.js';

/**
 * First loads in Chromium on localhost, cold cache, of the built app (`npm run build:web` first):
 * - the public lookup: the JavaScript it transfers (compressed, as sent) and its Largest Contentful Paint, against the
 *   goals of < 200 KB and < 1 s; on a throttled connection (200 KB/s, the case users reported) the first paint is the
 *   skeleton in index.html;
 * - the signed-in first page (the overview, signed in as the demonstration account): the JavaScript it runs (decoded)
 *   before its numbers show, against the goal of < 500 kB, and when its numbers and its charts appear.
 */
const goals = { jsKb: 200, lcpMs: 1000, signedInDecodedKb: 500 };
const demoAccount = { email: 'demo@dutybook.vn', password: 'dutybook-demo-2026' };

/**
 * The server on a fresh embedded database of its own, which it migrates and seeds with the demonstration tariff and
 * account (e2e/harness.ts copies a database prepared by the end-to-end run instead, which a benchmark has not got).
 */
const startServer = async () => startServerProcess(await fs.mkdtemp(path.join(os.tmpdir(), 'dutybook-first-load-')), {}, 180_000);

/** A page whose cache is off and whose scripts' transferred bytes are counted, optionally on a 200 KB/s connection. */
async function coldPage(context: BrowserContext, throttle = false): Promise<{ page: Page; transferred: () => number }> {
  const page = await context.newPage();
  const session = await context.newCDPSession(page);
  await session.send('Network.enable');
  await session.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (throttle) await session.send('Network.emulateNetworkConditions', { offline: false, latency: 40, downloadThroughput: 200 * 1024, uploadThroughput: 200 * 1024 });
  let jsBytes = 0;
  const scripts = new Set<string>();
  session.on('Network.responseReceived', (event: { requestId: string; type: string }) => { if (event.type === 'Script') scripts.add(event.requestId); });
  session.on('Network.loadingFinished', (event: { requestId: string; encodedDataLength: number }) => { if (scripts.has(event.requestId)) jsBytes += event.encodedDataLength; });
  return { page, transferred: () => jsBytes };
}

/** The scripts the page has run so far, by name with their decoded sizes (Resource Timing). */
const decodedScripts = (page: Page) => page.evaluate(() => performance.getEntriesByType('resource')
  .filter((entry): entry is PerformanceResourceTiming => new URL(entry.name).pathname.endsWith('.js'))
  .map((entry) => ({ name: entry.name.split('/').pop() ?? '', bytes: entry.decodedBodySize })));

async function measurePublic(url: string, throttle: boolean): Promise<{ jsKb: number; lcpMs: number; fcpMs: number }> {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
  try {
    const context = await browser.newContext();
    const { page, transferred } = await coldPage(context, throttle);
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
    return { jsKb: Math.round(transferred() / 1024), lcpMs: Math.round(lcp), fcpMs: Math.round(fcp) };
  } finally {
    await browser.close();
  }
}

interface SignedInFigures {
  /** Decoded JavaScript run when the numbers show, and the scripts it came in. */
  beforeNumbersKb: number;
  scripts: number;
  /** Decoded JavaScript once the charts are drawn, and what was transferred for it (compressed). */
  withChartsKb: number;
  transferredKb: number;
  numbersMs: number;
  chartsMs: number;
}

/** Signs in through the form, then loads the overview in a new tab with a cold cache. */
async function measureSignedIn(url: string): Promise<SignedInFigures> {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
  try {
    const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
    const signIn = await context.newPage();
    await signIn.goto(`${url}/login`);
    await signIn.locator('input[type=email]').first().fill(demoAccount.email);
    await signIn.locator('input[type=password]').first().fill(demoAccount.password);
    await signIn.locator('button[type=submit]').last().click();
    await signIn.waitForURL((address) => address.pathname !== '/login');
    await signIn.close();

    const { page, transferred } = await coldPage(context);
    // When the numbers (the tables' row counts) and the first chart's canvas enter the page, from navigation start.
    await page.addInitScript(() => {
      const w = window as unknown as { __numbers?: number; __charts?: number };
      new MutationObserver(() => {
        w.__numbers ??= document.querySelector('[data-testid=overview-tables] p') ? performance.now() : undefined;
        w.__charts ??= document.querySelector('[data-testid^=chart-] canvas') ? performance.now() : undefined;
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(`${url}/`);
    await page.waitForFunction(() => (window as unknown as { __numbers?: number }).__numbers !== undefined, undefined, { timeout: 60_000 });
    const before = await decodedScripts(page);
    await page.waitForFunction(() => (window as unknown as { __charts?: number }).__charts !== undefined, undefined, { timeout: 60_000 });
    await page.waitForLoadState('networkidle');
    const all = await decodedScripts(page);
    const times = await page.evaluate(() => {
      const w = window as unknown as { __numbers: number; __charts: number };
      return { numbers: w.__numbers, charts: w.__charts };
    });
    const kb = (scripts: Array<{ bytes: number }>) => Math.round(scripts.reduce((sum, script) => sum + script.bytes, 0) / 1000);
    return {
      beforeNumbersKb: kb(before), scripts: before.length, withChartsKb: kb(all), transferredKb: Math.round(transferred() / 1024),
      numbersMs: Math.round(times.numbers), chartsMs: Math.round(times.charts),
    };
  } finally {
    await browser.close();
  }
}

const server = await startServer();
try {
  const fast = await measurePublic(server.url, false);
  const slow = await measurePublic(server.url, true);
  const signedIn = await measureSignedIn(server.url);
  console.log(`public lookup, localhost: ${fast.jsKb} KB of JavaScript transferred (goal < ${goals.jsKb} KB), FCP ${fast.fcpMs} ms, LCP ${fast.lcpMs} ms (goal < ${goals.lcpMs} ms)`);
  console.log(`public lookup, 200 KB/s: first paint (the skeleton) at ${slow.fcpMs} ms, LCP ${slow.lcpMs} ms`);
  console.log(`signed-in overview, localhost: ${signedIn.beforeNumbersKb} kB of JavaScript decoded in ${signedIn.scripts} scripts before its numbers show (goal < ${goals.signedInDecodedKb} kB); `
    + `numbers at ${signedIn.numbersMs} ms, charts at ${signedIn.chartsMs} ms; with the charts ${signedIn.withChartsKb} kB decoded, ${signedIn.transferredKb} KB transferred`);
  const met = fast.jsKb < goals.jsKb && fast.lcpMs < goals.lcpMs && signedIn.beforeNumbersKb < goals.signedInDecodedKb && signedIn.numbersMs < signedIn.chartsMs;
  console.log(met ? 'goals met' : 'goals NOT met');
} finally {
  await server.stop();
}
