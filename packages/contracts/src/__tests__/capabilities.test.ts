import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_TYPE_CAPABILITY,
  allCapabilityKeys,
  CAPABILITY_CATALOGUE,
  CAPABILITY_NAMES,
  type CapabilityName,
  capabilityKey,
  hasCapability,
  PERMISSION_KINDS,
  type PermissionKind,
} from '../capabilities.js';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
const specDir = resolve(repoRoot, '../shared/spec');
const hasSpec = existsSync(specDir) && readdirSync(specDir).some((f) => f.endsWith('.md'));

/** UPPER_SNAKE words in the spec that are not capabilities, with the reason. */
const NOT_CAPABILITIES: Record<string, string> = {
  ORDER_UNDER_REVIEW: 'an order result (A4.8, A8.7)',
};

/** S6.3 names the service-tool READ capabilities by the last part of their name. */
const SHORT_NAMES: Record<string, CapabilityName> = {
  INFO: 'SERVICE_TOOL_INFO',
  BILLING: 'SERVICE_TOOL_BILLING',
  PROVISIONING: 'SERVICE_TOOL_PROVISIONING',
  DESCRIPTION: 'SERVICE_TOOL_DESCRIPTION',
};

/** Capabilities the spec names in words rather than spelt. */
const PROSE: { phrase: RegExp; name: CapabilityName; kind: PermissionKind }[] = [
  { phrase: /tag-create right/, name: 'SERVICE_TOOL_TAG', kind: 'CREATE' },
  { phrase: /read right on the quotation tool/, name: 'QUOTATION_TOOL', kind: 'READ' },
];

interface Mention {
  file: string;
  line: number;
  token: string;
  name: string;
  /** null when the spec names the capability without a permission kind. */
  kind: PermissionKind | null;
}

const KIND_WORD = '(read|update|create|delete|execute)';
const KIND_SUFFIX = new RegExp(`^(.+)_(${PERMISSION_KINDS.join('|')})$`);
const TOKEN = /<TYPE>_ACCOUNT(?:_[A-Z]+)?|\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*_\*|\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b/g;

function mentionsIn(file: string, text: string): Mention[] {
  const mentions: Mention[] = [];
  text.split('\n').forEach((lineText, index) => {
    const line = index + 1;
    const add = (token: string, name: string, kind: PermissionKind | null) => mentions.push({ file, line, token, name, kind });
    for (const match of lineText.matchAll(TOKEN)) {
      const token = match[0];
      const after = lineText.slice((match.index ?? 0) + token.length);
      // "SPECIAL_DEAL execute", "CUSTOM_LANDING_PAGE (execute)", "BILLING_SHOWPRODUCTPRICE read"
      const spelt = new RegExp(`^ \\(?${KIND_WORD}\\b`).exec(after);
      const wordKind = spelt ? (spelt[1]?.toUpperCase() as PermissionKind) : null;

      if (token.startsWith('<TYPE>_ACCOUNT')) {
        // "<TYPE>_ACCOUNT_UPDATE", and "delete permission on <TYPE>_ACCOUNT" (A6.13)
        const suffix = KIND_SUFFIX.exec(token);
        const before = lineText.slice(0, match.index);
        const kind = suffix ? (suffix[2] as PermissionKind) : /delete permission on $/.test(before) ? 'DELETE' : wordKind;
        for (const name of Object.values(ACCOUNT_TYPE_CAPABILITY)) add(token, name, kind);
        continue;
      }
      if (token.endsWith('_*')) {
        // "the SERVICE_TOOL_* create capabilities (INFO, FILES, ...)" (M6.3)
        const list = /^ (\w+) capabilities \(([A-Z, ]+)\)/.exec(after);
        const prefix = token.slice(0, -1);
        const kind = list ? (list[1]?.toUpperCase() as PermissionKind) : null;
        for (const part of (list?.[2] ?? '')
          .split(',')
          .map((p) => p.trim())
          .filter(Boolean))
          add(token, `${prefix}${part}`, kind);
        continue;
      }
      if (token in NOT_CAPABILITIES) continue;
      if (token in CAPABILITY_CATALOGUE) {
        add(token, token, wordKind);
        continue;
      }
      const suffix = KIND_SUFFIX.exec(token);
      if (suffix) {
        const base = suffix[1] as string;
        add(token, SHORT_NAMES[base] ?? base, suffix[2] as PermissionKind);
        continue;
      }
      add(token, token, wordKind);
    }
  });
  return mentions;
}

function specMentions(): Mention[] {
  return readdirSync(specDir)
    .filter((f) => f.endsWith('.md'))
    .sort()
    .flatMap((f) => mentionsIn(f, readFileSync(join(specDir, f), 'utf8')));
}

function problemOf(m: Mention): string | null {
  const entry = (CAPABILITY_CATALOGUE as Record<string, { kinds: readonly PermissionKind[] }>)[m.name];
  if (!entry) return `${m.file}:${m.line} ${m.token}: no catalogue entry named ${m.name}`;
  if (m.kind !== null && !entry.kinds.includes(m.kind)) {
    return `${m.file}:${m.line} ${m.token}: ${m.name} has no ${m.kind} kind (catalogue: ${entry.kinds.join(', ')})`;
  }
  return null;
}

const specTitle = hasSpec
  ? 'the capability catalogue against the spec'
  : `the capability catalogue against the spec (skipped: no spec folder at ${specDir})`;

describe.skipIf(!hasSpec)(specTitle, () => {
  it('[A6.1] maps every capability the spec spells to a catalogue entry with that kind', () => {
    const mentions = specMentions();

    const problems = mentions.map(problemOf).filter((p): p is string => p !== null);

    expect(mentions.length).toBeGreaterThan(50);
    expect(problems).toEqual([]);
  });

  it('reads the spec tokens as the catalogue expects (extractor sanity check)', () => {
    const byToken = (token: string) => specMentions().filter((m) => m.token === token);

    expect(byToken('FIELDS_CREDITLIMIT_OVERWRITE_LOCK_UPDATE')[0]).toMatchObject({
      name: 'FIELDS_CREDITLIMIT_OVERWRITE_LOCK',
      kind: 'UPDATE',
    });
    expect(byToken('SPECIAL_DEAL')[0]).toMatchObject({ name: 'SPECIAL_DEAL', kind: 'EXECUTE' });
    expect(byToken('COMPANY_ACCOUNT_CREATE')[0]).toMatchObject({ name: 'COMPANY_ACCOUNT', kind: 'CREATE' });
    expect(byToken('INFO_READ')[0]).toMatchObject({ name: 'SERVICE_TOOL_INFO', kind: 'READ' });
    expect(byToken('SERVICE_TOOL_*').map((m) => m.name)).toContain('SERVICE_TOOL_PROVISIONING');
    expect(byToken('<TYPE>_ACCOUNT').map((m) => `${m.name}_${m.kind}`)).toContain('PRODUCT_ACCOUNT_DELETE');
  });

  it('maps the capabilities the spec names in words', () => {
    const text = readdirSync(specDir)
      .filter((f) => f.endsWith('.md'))
      .map((f) => readFileSync(join(specDir, f), 'utf8'))
      .join('\n');

    for (const { phrase, name, kind } of PROSE) {
      expect(text, `the spec no longer says ${phrase}`).toMatch(phrase);
      expect(CAPABILITY_CATALOGUE[name].kinds as readonly string[]).toContain(kind);
    }
  });
});

describe('the capability catalogue', () => {
  it('spells a capability as name and kind joined by an underscore', () => {
    expect(capabilityKey({ name: 'FIELDS_CREDITLIMIT', kind: 'READ' })).toBe('FIELDS_CREDITLIMIT_READ');
    expect(capabilityKey({ name: 'SPECIAL_DEAL', kind: 'EXECUTE' })).toBe('SPECIAL_DEAL_EXECUTE');
  });

  it('lists every name with each of its kinds, and no key twice', () => {
    const keys = allCapabilityKeys();

    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).toContain('COMPANY_ACCOUNT_DELETE');
    expect(keys).not.toContain('SPECIAL_DEAL_READ');
    expect(keys).toHaveLength(CAPABILITY_NAMES.reduce((n, name) => n + CAPABILITY_CATALOGUE[name].kinds.length, 0));
  });

  it('gives every account type its <TYPE>_ACCOUNT entry with all four kinds', () => {
    for (const name of Object.values(ACCOUNT_TYPE_CAPABILITY)) {
      expect(CAPABILITY_CATALOGUE[name].kinds).toEqual(['READ', 'UPDATE', 'CREATE', 'DELETE']);
    }
  });

  it('cites at least one spec requirement for every entry', () => {
    for (const name of CAPABILITY_NAMES) {
      expect(CAPABILITY_CATALOGUE[name].spec.length, name).toBeGreaterThan(0);
      for (const id of CAPABILITY_CATALOGUE[name].spec) expect(id, name).toMatch(/^[AMSE]\d+\.\d+$/);
    }
  });

  it('grants a capability only when its exact key is held', () => {
    const granted = new Set(['FIELDS_CREDITLIMIT_READ']);

    expect(hasCapability(granted, { name: 'FIELDS_CREDITLIMIT', kind: 'READ' })).toBe(true);
    expect(hasCapability(granted, { name: 'FIELDS_CREDITLIMIT', kind: 'UPDATE' })).toBe(false);
    expect(hasCapability(granted, { name: 'FIELDS_CREDITLIMIT_OVERWRITE_LOCK', kind: 'UPDATE' })).toBe(false);
  });
});
