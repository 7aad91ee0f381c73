import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { migrateDatabase, openDatabase } from '../server/db/client.js';
import { runner } from '../server/db/run.js';
import { seedDatabase } from '../server/seed.js';
import { setAdministrator } from '../server/reports-bi/admin-cli.js';
import { type RunningServer, startServerProcess } from './server-process.js';

export type { RunningServer };

const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * How long a server may take to answer its first health check: a copy of the run's database starts in seconds, while a
 * fresh one loads the shipped tariff first (about a minute alone, longer beside another suite on a 2-core machine).
 */
const startupMs = (env: Record<string, string>) => env.DEMO_TARIFF === 'false' ? 240_000 : 60_000;

/**
 * Starts the real server (built web app, an embedded database of its own) as a child process, with the small
 * demonstration tariff unless the suite asks for the shipped one (DEMO_TARIFF: 'false'). With the demonstration
 * tariff its database starts as a copy of the run's, migrated and seeded once (`e2e/global-setup.ts`).
 */
export async function startServer(env: Record<string, string> = {}, prepare?: (dataDir: string) => Promise<void>): Promise<RunningServer> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'dutybook-e2e-'));
  if (env.DEMO_TARIFF !== 'false') await fs.cp(inject('e2eDataTemplate'), dataDir, { recursive: true });
  await prepare?.(dataDir);
  return startServerProcess(dataDir, env, startupMs(env));
}

/** Debian's Chromium, headless, with the flags that keep it off the network. */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/**
 * A fresh browser profile with a chosen browser language; errors in the page fail the test. `phone` gives it a phone's
 * screen, touch and coarse pointer (390 × 844).
 */
export async function newPage(browser: Browser, options: { locale?: string; phone?: boolean } = {}): Promise<{ context: BrowserContext; page: Page; pageErrors: string[] }> {
  const context = await browser.newContext({
    locale: options.locale ?? 'vi-VN',
    ...(options.phone ? { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } : { viewport: { width: 1280, height: 860 } }),
  });
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  page.on('console', (message) => { if (message.type() === 'error') pageErrors.push(message.text()); });
  return { context, page, pageErrors };
}

/**
 * Starts a server and a browser for the enclosing suite and stops both after it; read them inside tests. `prepare`
 * runs on the fresh data directory before the server starts (to import data with the command line, say).
 */
export function useServerAndBrowser(env: Record<string, string> = {}, prepare?: (dataDir: string) => Promise<void>): { readonly server: RunningServer; readonly browser: Browser } {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(env, prepare), launchBrowser()]);
  }, startupMs(env) + 30_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the suite has not started its server and browser');
    return value;
  };
  return { get server() { return started(server); }, get browser() { return started(browser); } };
}

/** Waits for a value the page reaches on its own (a read that throws, say during a navigation, is retried). */
export const eventually = <T>(read: () => T | Promise<T>, timeout = 15_000) => expect.poll(read, { timeout });

/**
 * The code of the newest mail to `to` in the server's outbox (no SMTP_URL: each mail is an .eml file). Mails of
 * the reset and resend forms are written after the answer, so the outbox is read until one arrives.
 */
export async function mailedCode(dataDir: string, to: string, timeout = 15_000): Promise<string> {
  const outbox = path.join(dataDir, 'outbox');
  const deadline = Date.now() + timeout;
  for (;;) {
    const names = (await fs.readdir(outbox).catch(() => [])).filter((name) => name.endsWith('.eml')).sort();
    for (const name of names.reverse()) {
      const mail = await fs.readFile(path.join(outbox, name), 'utf8');
      if (!mail.includes(`To: ${to}`)) continue;
      const code = /^\s+(\d{6})\s*$/m.exec(mail)?.[1];
      if (code) return code;
    }
    if (Date.now() > deadline) throw new Error(`no code mailed to ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** One API call outside the browser (fixtures); a failure throws with the server's answer. */
export async function callApi<T>(url: string, token: string | null, apiPath: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const response = await fetch(`${url}/api${apiPath}`, {
    method: init.method ?? 'GET',
    headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...(init.body ? { 'Content-Type': 'application/json' } : {}) },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${apiPath}: ${response.status} ${await response.text()}`);
  return (response.status === 204 ? undefined : await response.json()) as T;
}

/** A registered, confirmed user with a new company: its token and the company's first folder set. */
export async function registerWithCompany(server: RunningServer, account: { email: string; password: string; name: string }, companyName: string): Promise<{ token: string; scope: { company_slug: string; folder_slug: string } }> {
  await callApi(server.url, null, '/registration/', { method: 'POST', body: { email: account.email, password: account.password, name: account.name, locale: 'en' } });
  const confirmed = await callApi<{ token: { access_token: string } }>(server.url, null, '/registration-confirm/', {
    method: 'POST', body: { email: account.email, token: await mailedCode(server.dataDir, account.email) },
  });
  const token = confirmed.token.access_token;
  const company = await callApi<{ slug: string; folder_set: Array<{ slug: string }> }>(server.url, token, '/clients-api/companies/', { method: 'POST', body: { name: companyName } });
  return { token, scope: { company_slug: company.slug, folder_slug: company.folder_set[0]?.slug ?? '' } };
}

/**
 * Types a day into a date field as a user does, its digits only in the field's order (the field writes the
 * separators): the field is emptied first, then its sections fill from the day.
 */
export async function typeDay(page: Page, field: Locator, day: string): Promise<void> {
  await field.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Backspace');
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(day.replace(/\D/g, ''));
}

/** The demonstration account the server seeds. */
export const demoAccount = { email: 'demo@dutybook.vn', password: 'dutybook-demo-2026' };

/** Signs in through the sign-in form, with the demonstration account unless told otherwise. */
export async function signIn(page: Page, url: string, account: { email: string; password: string } = demoAccount): Promise<void> {
  await page.goto(`${url}/login`);
  await page.locator('input[type=email]').first().fill(account.email);
  await page.locator('input[type=password]').first().fill(account.password);
  await page.locator('button[type=submit]').last().click();
  await eventually(() => new URL(page.url()).pathname).not.toBe('/login');
}

export const signInAsDemo = (page: Page, url: string) => signIn(page, url);

/** A server's database seeded with the demonstration data, its account made administrator as `npm run admin -- grant` does. */
export async function seedWithDemoAdministrator(dataDir: string): Promise<void> {
  const database = await openDatabase({ databaseUrl: undefined, dataDir });
  try {
    await migrateDatabase(database);
    await seedDatabase(database, { demoTariff: true, demoAccount: true });
    await setAdministrator(runner(database), 'grant', demoAccount.email);
  } finally {
    await database.close();
  }
}
