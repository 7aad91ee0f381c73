import { EventEmitter } from 'node:events';
import type { ChildProcess } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { messagesOf, type ReaderMessage } from './reader.js';

/** A child as the parent sees it: events only, never a real process. */
function fakeChild(): ChildProcess & EventEmitter {
  return Object.assign(new EventEmitter(), { signalCode: null, exitCode: null, kill: () => true }) as unknown as ChildProcess & EventEmitter;
}

describe('a reader child\'s messages', () => {
  it('keeps a reply that arrives after the child has exited, until its channel closes', async () => {
    const child = fakeChild();
    const received: ReaderMessage[] = [];
    const reading = (async () => { for await (const message of messagesOf(child, 10_000)) received.push(message); })();
    // A busy machine reads the exit before the last bytes of the channel.
    child.emit('exit', 0, null);
    await new Promise((resolve) => setImmediate(resolve));
    child.emit('message', { type: 'end' } satisfies ReaderMessage);
    child.emit('close', 0, null);
    await reading;
    expect(received).toEqual([{ type: 'end' }]);
  });
});
