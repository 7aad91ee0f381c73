import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

describe('import-tariff command', () => {
  it('refuses clearly while a running server holds the embedded database', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dutybook-cli-'));
    try {
      // This test process stands in for the running server that holds the lock.
      fs.writeFileSync(path.join(dataDir, 'db.lock'), String(process.pid));
      const file = path.join(dataDir, 'lines.csv');
      fs.writeFileSync(file, 'code,description\n01,Động vật sống\n');
      const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/import-tariff.ts', '--year', '2022', file], {
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' }, encoding: 'utf8',
      });
      expect(result.status).toBe(1);
      expect(result.stderr).toMatch(/in use by another Dutybook process/);
      expect(result.stderr).toMatch(/only while the server is stopped/);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('explains its usage when the year is missing', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/import-tariff.ts', 'file.csv'], { encoding: 'utf8' });
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/--year is needed/);
  });
});
