import { NO_RESET_TARGETS_MESSAGE } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import en from '../../../../locales/en.json';

describe('the price protection reset modal', () => {
  it('says the empty message as the spec spells it', () => {
    expect(en.priceProtectionReset.none).toBe(NO_RESET_TARGETS_MESSAGE);
    expect(NO_RESET_TARGETS_MESSAGE).toBe('There are no valid price protection reset targets.');
  });
});
