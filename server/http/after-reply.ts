import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

/**
 * Work a request starts but does not wait for, so that its answer cannot tell what the work found: a reset
 * request answers the same text at the same moment whether or not the address has an account, and the lookup,
 * the code and the mail happen afterwards. The server waits for such work before it closes.
 */
export interface AfterReply {
  run: (work: () => Promise<void>) => void;
  /** Resolves once everything started so far has finished (tests read the mail after it). */
  settled: () => Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    afterReply: AfterReply;
  }
}

export function decorateAfterReply(app: FastifyInstance): void {
  const pending = new Set<Promise<void>>();
  const log: FastifyBaseLogger = app.log;
  const afterReply: AfterReply = {
    run: (work) => {
      const running: Promise<void> = work()
        .catch((error: unknown) => { log.error({ err: error }, 'work after a reply failed'); })
        .finally(() => { pending.delete(running); });
      pending.add(running);
    },
    settled: async () => { await Promise.allSettled([...pending]); },
  };
  app.decorate('afterReply', afterReply);
  app.addHook('onClose', afterReply.settled);
}
