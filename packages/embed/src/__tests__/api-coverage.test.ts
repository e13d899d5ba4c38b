/**
 * Every public method of powerbi-client 2.23.1 called on both libraries with the same arguments: the
 * return value (or thrown error / rejection), the messages posted to the frame, the events and the
 * unhandled rejections must be the same. A last test fails when the reference has a method this table
 * does not call (other than the private helpers listed in PRIVATE). The same calls refused by the frame:
 * api-coverage-refused.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { BUILDERS, observeCall, PRIVATE, R, table } from './helpers/api-table.js';
import { observeBoth } from './helpers/both.js';
import { loadReference } from './helpers/reference.js';

describe('every public method of powerbi-client 2.23.1 behaves the same in our library', () => {
  for (const [klass, method, kind, call] of table) {
    it(`[E7.1] ${klass}.${method} on a ${kind}: same result, wire messages and events as the reference`, async () => {
      const { ours, reference } = await observeCall(kind, call);
      expect(ours).toEqual(reference);
    });
  }

  for (const [title, build] of BUILDERS) {
    it(`[E3.14] ${title} builds the same filter as the reference`, async () => {
      const { ours, reference } = await observeBoth((env) => build(env.lib, env));
      expect(ours).toEqual(reference);
    });
  }

  it('[E7.1] the table calls every public method of the reference', () => {
    const ref = loadReference();
    const c = ref.client;
    const classes: Record<string, any> = {
      Service: c.service.Service,
      Embed: c.Embed,
      Report: c.Report,
      Dashboard: c.Dashboard,
      Tile: c.Tile,
      Qna: c.Qna,
      Visual: c.Visual,
      Create: c.Create,
      QuickCreate: c.QuickCreate,
      Page: c.Page,
      VisualDescriptor: c.VisualDescriptor,
    };
    const el = ref.window.document.createElement('div');
    ref.window.document.body.appendChild(el);
    const report = ref.powerbi.embed(el, { type: 'report', id: 'r', accessToken: 't', embedUrl: R });
    const missing: string[] = [];
    const check = (name: string, proto: object) => {
      for (const method of Object.getOwnPropertyNames(proto)) {
        if (method === 'constructor' || PRIVATE[name]?.includes(method)) continue;
        if (!table.some(([k, m]) => k === name && m === method)) missing.push(`${name}.${method}`);
      }
    };
    for (const [name, klass] of Object.entries(classes)) check(name, klass.prototype);
    check('BookmarksManager', Object.getPrototypeOf(report.bookmarksManager));
    const builderCovered = (name: string, method: string) =>
      BUILDERS.some(
        ([title]) =>
          title.startsWith(`${name}.`) &&
          title
            .slice(name.length + 1)
            .split('/')
            .includes(method),
      );
    for (const name of [
      'BasicFilterBuilder',
      'AdvancedFilterBuilder',
      'TopNFilterBuilder',
      'RelativeDateFilterBuilder',
      'RelativeTimeFilterBuilder',
    ]) {
      for (const method of Object.getOwnPropertyNames(c[name].prototype)) {
        if (method !== 'constructor' && method !== 'build' && !builderCovered(name, method)) missing.push(`${name}.${method}`);
      }
    }
    const base = Object.getPrototypeOf(c.BasicFilterBuilder.prototype);
    for (const method of Object.getOwnPropertyNames(base)) {
      if (method === 'constructor') continue;
      const used = BUILDERS.some(([, build]) => build.toString().includes(`.${method}(`));
      if (!used) missing.push(`FilterBuilder.${method}`);
    }
    expect(missing).toEqual([]);
  });
});
