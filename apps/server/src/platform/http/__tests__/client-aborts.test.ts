import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { isClientAbort, quietClientAborts } from '../client-aborts.js';

function loggedApp() {
  const lines: { level: number; msg: string }[] = [];
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      lines.push(JSON.parse(String(chunk)));
      callback();
    },
  });
  const app = Fastify({ logger: quietClientAborts({ level: 'info', stream }) });
  return { app, lines };
}

describe('client aborts in the log', () => {
  it('knows a premature close from other errors', () => {
    expect(isClientAbort(new Error('premature close'))).toBe(true);
    expect(isClientAbort(Object.assign(new Error('Premature close'), { code: 'ERR_STREAM_PREMATURE_CLOSE' }))).toBe(true);
    expect(isClientAbort(new Error('connection refused'))).toBe(false);
    expect(isClientAbort('premature close')).toBe(false);
  });

  it('logs a client that went away at debug level, and every other error as an error', async () => {
    const { app, lines } = loggedApp();
    app.log.error(new Error('premature close'));
    app.log.error(new Error('the database is gone'));
    app.log.warn('a warning stays a warning');
    await app.close();

    expect(lines.map((l) => [l.level, l.msg])).toEqual([
      [50, 'the database is gone'],
      [40, 'a warning stays a warning'],
    ]);
  });

  it('leaves logging off when it is off', () => {
    expect(quietClientAborts(false)).toBe(false);
    expect(quietClientAborts(undefined)).toBe(false);
  });
});
