import { describe, expect, it } from 'vitest';
import { checkSupportDetail, checkSupportDetails, EMPTY_SUPPORT_DETAILS, hasSupportDetails, isWebAddress } from '../help.js';

describe('[M3.22] support detail checks', () => {
  it.each([
    ['SupportTechnicalEmail', 'support@example.com', null],
    ['SupportTechnicalEmail', 'support@example', 'e-mail'],
    ['SupportTechnicalEmail', 'two@a.example, three@b.example', 'e-mail'],
    ['SupportPhoneNumber', '+31 (0)10 555-0100', null],
    ['SupportPhoneNumber', '12', 'phone'],
    ['SupportPhoneNumber', 'call 555 0100', 'phone'],
    ['SupportUrl', 'https://help.example/', null],
    ['SupportUrl', 'http://help.example/path?q=1', null],
    ['SupportUrl', 'javascript:alert(1)', 'http'],
    ['Imprint', '/imprint', 'http'],
    ['Imprint', 'mailto:a@b.example', 'http'],
    ['SupportWorkingHoursRegular', '08:00-18:00', null],
    ['SupportWorkingHoursRegular', 'x'.repeat(101), 'at most 100'],
    ['SupportSalesEmail', '', null],
  ] as const)('%s "%s" -> %s', (field, value, words) => {
    const message = checkSupportDetail(field, value);

    if (words === null) expect(message).toBeNull();
    else expect(message).toContain(words);
  });

  it('names every wrong field, and asks for the link when only the button text is given', () => {
    const errors = checkSupportDetails({ ...EMPTY_SUPPORT_DETAILS, SupportBillingEmail: 'x', SupportButtonText: 'Help' });

    expect(errors.map((e) => e.field)).toEqual(['SupportBillingEmail', 'SupportUrl']);
  });

  it('counts details with every field empty as none', () => {
    expect(hasSupportDetails(EMPTY_SUPPORT_DETAILS)).toBe(false);
    expect(hasSupportDetails({ ...EMPTY_SUPPORT_DETAILS, Imprint: 'https://x.example' })).toBe(true);
  });

  it('accepts only http and https web addresses', () => {
    expect(isWebAddress('https://x.example')).toBe(true);
    expect(isWebAddress('data:text/html,hi')).toBe(false);
    expect(isWebAddress('//x.example')).toBe(false);
  });
});
