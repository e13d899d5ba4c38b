import { readFileSync } from 'node:fs';
import type { Alias, UserConfig } from 'vite';
import { describe, expect, it } from 'vitest';
import config from '../../../vite.config';

async function resolved(command: 'build' | 'serve'): Promise<UserConfig> {
  const made =
    typeof config === 'function' ? await config({ command, mode: command === 'build' ? 'production' : 'development' }) : config;
  return made as UserConfig;
}

const routerAlias = (c: UserConfig) =>
  ((c.resolve?.alias ?? []) as Alias[]).find((a) => a.find instanceof RegExp && a.find.test('react-router'));

describe("the web build's React Router", () => {
  it('is the production build the package ships, for the exact import only', async () => {
    const alias = routerAlias(await resolved('build'));
    if (!alias) throw new Error('no alias for react-router in the build');
    expect(alias.replacement).toMatch(/[\\/]react-router[\\/]dist[\\/]production[\\/]index\.mjs$/);
    expect((alias.find as RegExp).test('react-router/dom')).toBe(false);
    // The chunks it imports have the development warnings switched off.
    const index = readFileSync(alias.replacement, 'utf8');
    const chunks = [...index.matchAll(/from "\.\/(chunk-[A-Z0-9]+\.mjs)"/g)].map((m) =>
      readFileSync(new URL(m[1] as string, `file://${alias.replacement}`), 'utf8'),
    );
    const switches = chunks.flatMap((text) => text.match(/var ENABLE_DEV_WARNINGS = \w+;/g) ?? []);
    expect(switches).toEqual(['var ENABLE_DEV_WARNINGS = false;']);
  });

  it('is left to the package (its development build, with warnings) in the development server', async () => {
    expect(routerAlias(await resolved('serve'))).toBeUndefined();
  });
});
