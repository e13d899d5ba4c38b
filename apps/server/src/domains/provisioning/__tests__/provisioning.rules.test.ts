import { describe, expect, it } from 'vitest';
import {
  callbackUrl,
  canRetryRequest,
  classifyHttpResponse,
  decideCallback,
  escapingForContentType,
  MAX_PROVISIONING_ATTEMPTS,
  networkFailure,
  renderTemplate,
  splitAddresses,
  statusAfterAttempt,
  templateVariables,
  VENDOR_ERROR_WITHOUT_MESSAGE,
} from '../provisioning.rules.js';

describe('classifyHttpResponse', () => {
  it.each([
    [200, 'done', null],
    [201, 'done', null],
    [204, 'done', null],
    [202, 'sent', null],
    [500, 'failed', true],
    [503, 'failed', true],
    [408, 'failed', true],
    [429, 'failed', true],
    [400, 'failed', false],
    [401, 'failed', false],
    [404, 'failed', false],
    [302, 'failed', false],
  ] as const)('HTTP %i is %s (retryable: %s)', (status, kind, retryable) => {
    const outcome = classifyHttpResponse(status, 'reason');
    expect(outcome.kind).toBe(kind);
    if (outcome.kind === 'failed') {
      expect(outcome.retryable).toBe(retryable);
      expect(outcome.error).toBe(`The provisioning endpoint answered HTTP ${status}: reason`);
    }
  });

  it('keeps a long answer short and on one line', () => {
    const outcome = classifyHttpResponse(500, `line one\n${'x'.repeat(1000)}`);
    expect(outcome.kind === 'failed' && outcome.error.length).toBeLessThan(400);
    expect(outcome.kind === 'failed' && outcome.error.includes('\n')).toBe(false);
  });

  it('treats an unreachable endpoint as retryable', () => {
    expect(networkFailure('ECONNREFUSED')).toMatchObject({ kind: 'failed', retryable: true });
  });
});

describe(`statusAfterAttempt (escalation after ${MAX_PROVISIONING_ATTEMPTS} failures)`, () => {
  const failed = { kind: 'failed', retryable: true, error: 'x', responseStatus: 500 } as const;
  it.each([
    [{ kind: 'done', responseStatus: 200 } as const, 1, 'Done'],
    [{ kind: 'sent', responseStatus: 202 } as const, 2, 'Sent'],
    [failed, 1, 'Error'],
    [failed, 2, 'Error'],
    [failed, 3, 'Escalated'],
    [{ ...failed, retryable: false }, 1, 'Error'],
    [{ ...failed, retryable: false }, 3, 'Escalated'],
  ])('%j after attempt %i is %s', (outcome, attempts, status) => {
    expect(statusAfterAttempt({ outcome, attempts })).toBe(status);
  });
});

describe('[A3.1] canRetryRequest (CanUserRetryLastFailedProvisioningRequest)', () => {
  const base = { status: 'Error', retryable: true, attempts: 1, accountTerminated: false } as const;
  it.each([
    [base, true],
    [{ ...base, attempts: 2 }, true],
    [{ ...base, attempts: 3 }, false],
    [{ ...base, retryable: false }, false],
    [{ ...base, accountTerminated: true }, false],
    [{ ...base, status: 'Escalated' as const }, false],
    [{ ...base, status: 'Pending' as const }, false],
    [{ ...base, status: 'Done' as const }, false],
    [{ ...base, status: 'Canceled' as const }, false],
  ])('%j -> %s', (params, expected) => {
    expect(canRetryRequest(params)).toBe(expected);
  });
});

describe('renderTemplate', () => {
  const vars = { COMPANYNAME: 'Acme "East" & Co <1>', COMPANYID: '7', ACTION: 'MODIFY' };
  it.each([
    ['{"c":"{{COMPANYNAME}}"}', 'json', '{"c":"Acme \\"East\\" & Co <1>"}'],
    ['<c>{{COMPANYNAME}}</c>', 'xml', '<c>Acme &quot;East&quot; &amp; Co &lt;1&gt;</c>'],
    ['https://x.example/{{COMPANYNAME}}', 'url', 'https://x.example/Acme%20%22East%22%20%26%20Co%20%3C1%3E'],
    ['{{ action }} for {{companyid}}', 'none', 'MODIFY for 7'],
    ['{{UNKNOWN}}!', 'none', '!'],
    ['no placeholders', 'json', 'no placeholders'],
  ] as const)('%s with %s escaping', (template, escaping, expected) => {
    expect(renderTemplate(template, vars, escaping)).toBe(expected);
  });

  it('keeps a JSON body valid whatever the values hold', () => {
    const body = renderTemplate('{"name":"{{N}}"}', { N: 'a"\n\\b' }, 'json');
    expect(JSON.parse(body)).toEqual({ name: 'a"\n\\b' });
  });

  it.each([
    ['application/json', 'json'],
    ['text/json', 'json'],
    ['application/xml', 'xml'],
    ['text/xml', 'xml'],
    ['application/x-www-form-urlencoded', 'url'],
    ['text/plain', 'none'],
  ] as const)('%s escapes as %s', (contentType, escaping) => {
    expect(escapingForContentType(contentType)).toBe(escaping);
  });
});

describe('splitAddresses', () => {
  it.each([
    ['a@x.example', ['a@x.example']],
    ['a@x.example; b@x.example', ['a@x.example', 'b@x.example']],
    ['a@x.example,b@x.example,,a@x.example', ['a@x.example', 'b@x.example']],
    [' ; ', []],
  ])('%j -> %j', (text, expected) => {
    expect(splitAddresses(text)).toEqual(expected);
  });
});

describe('templateVariables', () => {
  it('offers field values by name and View.Name, and the reserved names', () => {
    const vars = templateVariables(
      {
        accountId: 12,
        displayName: 'Backup',
        productName: 'Contoso Backup',
        values: { 'Product.Quantity': 3, 'Default.DisplayName': 'Backup', 'Product.Note': null },
        company: { id: 4, name: 'Acme' },
        user: { id: 9, username: 'acme.admin' },
      },
      'MODIFY',
    );
    expect(vars).toMatchObject({
      Quantity: '3',
      'Product.Quantity': '3',
      Note: '',
      AccountIdentificator: '12',
      ACTION: 'MODIFY',
      PRODUCTNAME: 'Contoso Backup',
      COMPANYID: '4',
      COMPANYNAME: 'Acme',
      USERACCOUNTID: '9',
      USERNAME: 'acme.admin',
      CALLBACKURL: '',
    });
  });
});

describe('vendor callbacks', () => {
  const sent = { status: 'Sent' as const, attempts: 1, message: null };

  it.each([
    [
      'Done on a waiting request finishes it',
      { ...sent, reported: 'Done' as const },
      { kind: 'apply', status: 'Done', retryable: false, error: null },
    ],
    [
      'Error on a waiting request is a failure the user may retry, with the vendor message',
      { ...sent, reported: 'Error' as const, message: 'Mailbox quota exceeded' },
      { kind: 'apply', status: 'Error', retryable: true, error: 'Mailbox quota exceeded' },
    ],
    [
      'Error without a message says the vendor reported a failure',
      { ...sent, reported: 'Error' as const },
      { kind: 'apply', status: 'Error', retryable: true, error: VENDOR_ERROR_WITHOUT_MESSAGE },
    ],
    [
      'Error on the third attempt escalates',
      { ...sent, attempts: MAX_PROVISIONING_ATTEMPTS, reported: 'Error' as const, message: 'still broken' },
      { kind: 'apply', status: 'Escalated', retryable: false, error: 'still broken' },
    ],
    [
      'a report while the request is still being sent comes too early',
      { ...sent, status: 'Pending' as const, reported: 'Done' as const },
      { kind: 'early' },
    ],
    [
      'the same report again is a repeat',
      { ...sent, status: 'Done' as const, reported: 'Done' as const },
      { kind: 'repeat', status: 'Done' },
    ],
    [
      'Error again on an escalated request is a repeat',
      { ...sent, status: 'Escalated' as const, reported: 'Error' as const },
      { kind: 'repeat', status: 'Escalated' },
    ],
    [
      'Done after a failure is refused',
      { ...sent, status: 'Error' as const, reported: 'Done' as const },
      { kind: 'finished', status: 'Error' },
    ],
    [
      'any report on a canceled request is refused',
      { ...sent, status: 'Canceled' as const, reported: 'Done' as const },
      { kind: 'finished', status: 'Canceled' },
    ],
  ])('%s', (_name, params, expected) => {
    expect(decideCallback(params)).toEqual(expected);
  });

  it('puts the request id and the token under the public address', () => {
    expect(callbackUrl('https://portal.example.com/', 42, 'abc_DEF-123')).toBe(
      'https://portal.example.com/api/provisioning/callback/42/abc_DEF-123',
    );
  });
});
