/**
 * The calls of api-coverage.test.ts's table when the frame refuses every request but the load: each library must
 * reject the same way, post the same messages and raise the same events as powerbi-client 2.23.1.
 */
import { describe, expect, it } from 'vitest';
import { observeCall, table } from './helpers/api-table.js';

describe('every public method of powerbi-client 2.23.1 behaves the same in our library', () => {
  // The same calls when the frame refuses every request but the load: the same rejections.
  const refusing = (m: { url: string }) =>
    /\/(load|create|quickcreate)$/.test(m.url)
      ? undefined
      : { statusCode: 400, body: { message: 'refused', detailedMessage: m.url } };
  for (const [klass, method, kind, call] of table) {
    it(`[E7.12] ${klass}.${method} on a ${kind} refused by the frame: same rejection as the reference`, async () => {
      const { ours, reference } = await observeCall(kind, call, refusing);
      expect(ours).toEqual(reference);
    });
  }
});
