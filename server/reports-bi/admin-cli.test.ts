import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdminCommand } from './admin-cli.js';

/** A stand-in for a running server: it answers the health check, as Dutybook does. */
describe('npm run admin beside a running server', () => {
  let server: http.Server;
  let port = 0;
  let dataDir = '';
  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'dutybook-admin-cli-'));
    server = http.createServer((request, response) => {
      response.writeHead(request.url === '/api/health/' ? 200 : 404, { 'Content-Type': 'application/json' }).end('{"status":"ok"}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as { port: number }).port;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('says the embedded database is in use and what to do, without opening it', async () => {
    const lines: string[] = [];
    const code = await runAdminCommand(['grant', 'demo@dutybook.vn'], { host: '0.0.0.0', port, basePath: '', databaseUrl: undefined, dataDir }, { out: (line) => lines.push(line), error: (line) => lines.push(line) });
    expect(code).toBe(1);
    expect(lines.join('\n')).toContain(`The server on port ${port} is running on the embedded database in ${dataDir}`);
    expect(lines.join('\n')).toContain('Stop the server, run this command again');
    expect(await fs.readdir(dataDir)).toEqual([]);
  });

  it('explains its usage', async () => {
    const lines: string[] = [];
    expect(await runAdminCommand(['promote'], { host: '127.0.0.1', port, basePath: '', databaseUrl: undefined, dataDir }, { out: (line) => lines.push(line), error: (line) => lines.push(line) })).toBe(2);
    expect(lines).toEqual(['Usage: npm run admin -- grant EMAIL | revoke EMAIL']);
  });
});
