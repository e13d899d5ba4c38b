import { describe, expect, it } from 'vitest';
import { inspectOperationInput } from '../input-guard.js';

describe('inspectOperationInput', () => {
  it.each([null, [], [1], 5, 'text', true])('refuses %j: the input must be a JSON object', (body) => {
    expect(inspectOperationInput(body)).toEqual({ kind: 'notAnObject' });
  });

  it('lets an empty or absent body through to the schema', () => {
    expect(inspectOperationInput({})).toBeNull();
    expect(inspectOperationInput(undefined)).toBeNull();
  });

  it.each([
    [{ ServiceName: 'a\u0000b' }, 'ServiceName'],
    [{ views: { Default: { Values: { DisplayName: 'x\u0007' } } } }, 'views.Default.Values.DisplayName'],
    [{ items: ['ok', 'bad\u001b'] }, 'items.1'],
    [{ text: 'escape \u007f' }, 'text'],
  ])('names the field of a string holding a control character: %j', (body, field) => {
    expect(inspectOperationInput(body)).toEqual({ kind: 'forbiddenCharacter', field });
  });

  it('refuses a control character in a key', () => {
    expect(inspectOperationInput({ 'a\u0000': 1 })).toMatchObject({ kind: 'forbiddenCharacter' });
  });

  it('keeps tabs, line breaks and other text as they are', () => {
    expect(inspectOperationInput({ note: 'line one\r\nline two\tend', name: 'Zoë – 東京 ✓' })).toBeNull();
  });
});
