import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { allCapabilityKeys, contextualCapabilityKeys } from '../capabilities.js';
import { allCapabilityLabels, capabilityLabel, refusalMessage } from '../capability-labels.js';

const enJson = resolve(dirname(fileURLToPath(import.meta.url)), '../../../../apps/web/src/locales/en.json');

describe('capability labels', () => {
  it('gives every capability key, contextual ones included, words without any key in them', () => {
    const labels = allCapabilityLabels();

    expect(Object.keys(labels).sort()).toEqual([...allCapabilityKeys(), ...contextualCapabilityKeys()].sort());
    for (const label of Object.values(labels)) expect(label).not.toMatch(/[A-Z]{2,}|_/);
  });

  it('reads a refusal in words: "CREDITCHECK_COMPANYORDERS_READ" is "view company orders"', () => {
    expect(capabilityLabel('CREDITCHECK_COMPANYORDERS_READ')).toBe('view company orders');
    expect(capabilityLabel('SERVICE_TOOL_INFO_UPDATE:PROMOTED')).toBe('change service information of promoted services');
    expect(refusalMessage(['CREDITCHECK_COMPANYORDERS_READ', 'ORDER_MANAGEMENT_READ'])).toBe(
      'You need permission to view company orders or view order management to do this',
    );
  });

  it('keeps an unknown key as it is, so a refusal never loses what it refuses', () => {
    expect(capabilityLabel('NOT_A_CAPABILITY_READ')).toBe('NOT_A_CAPABILITY_READ');
  });

  it('the web translates every label (capabilityLabels in en.json, the same English words)', () => {
    const en = JSON.parse(readFileSync(enJson, 'utf8')) as { capabilityLabels: Record<string, string> };

    expect(en.capabilityLabels).toEqual(allCapabilityLabels());
  });
});
