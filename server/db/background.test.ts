import { setTimeout } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inBackground } from './background.js';
import { type Database, openPglite } from './client.js';

describe('background work on the embedded database', () => {
  let database: Database & { kind: 'pglite' };
  beforeAll(async () => {
    database = await openPglite() as Database & { kind: 'pglite' };
  }, 60_000);
  afterAll(() => database.close());

  const slow = 'SELECT count(*) FROM generate_series(1, 500000)';

  it('answers a request that arrives meanwhile before the next background statement', async () => {
    const order: string[] = [];
    const importing = inBackground(async () => {
      // As an import copying batches its reader had ready: nothing between its statements turns the event loop.
      for (let statement = 0; statement < 6; statement += 1) {
        await database.pglite.query(slow);
        order.push('background');
      }
    });
    await setTimeout(1);
    const request = (async () => {
      await database.pglite.query('SELECT 1');
      order.push('request');
      await database.db.execute('SELECT 2');
      order.push('request');
      await database.pglite.transaction(async (tx) => { await tx.query('SELECT 3'); });
      order.push('request');
    })();
    await Promise.all([importing, request]);
    // The request came while the first background statement ran, and was answered before the second.
    expect(order).toEqual(['background', 'request', 'request', 'request', 'background', 'background', 'background', 'background', 'background']);
  });

  it('goes on after a while when requests keep the database busy', async () => {
    const order: string[] = [];
    // A request holds a transaction for longer than background work waits, and another comes after that wait.
    const held = database.pglite.transaction(async () => { await setTimeout(800); }).then(() => order.push('held'));
    await setTimeout(10);
    const importing = inBackground(() => database.pglite.query('SELECT 1')).then(() => order.push('background'));
    await setTimeout(500);
    const later = database.pglite.query('SELECT 2').then(() => order.push('later'));
    await Promise.all([held, importing, later]);
    expect(order).toEqual(['held', 'background', 'later']);
  });
});
