import { describe, expect, it } from 'vitest';
import { checkNoteText, isNoteEdited, NOTE_MAX_LENGTH, NOTE_MESSAGES, normalizeNoteText, noteLength } from '../notes.js';

describe('[A5.1] noteLength', () => {
  it.each([
    ['', 0],
    ['a', 1],
    ['Call back on Monday', 19],
    ['a\nb', 4],
    ['a\r\nb', 4],
    ['a\rb', 4],
    ['\n', 2],
    ['\n\n\n', 6],
    ['line one\nline two\n', 20],
    ['é', 1],
    ['😀', 1],
    ['😀\n😀', 4],
  ])('counts %j as %i', (text, expected) => {
    expect(noteLength(text)).toBe(expected);
  });

  it('counts a line break as two', () => {
    expect(noteLength(`${'x'.repeat(998)}\n`)).toBe(1000);
  });
});

describe('[A5.1] checkNoteText', () => {
  it.each([
    { name: 'a short note', raw: 'Call back on Monday', ok: true, text: 'Call back on Monday' },
    { name: 'exactly 1000 characters', raw: 'x'.repeat(1000), ok: true, text: 'x'.repeat(1000) },
    { name: '998 characters and a line break inside', raw: `${'x'.repeat(499)}\n${'y'.repeat(499)}`, ok: true },
    { name: 'surrounding spaces and line breaks are trimmed first', raw: `\n\n  ${'x'.repeat(1000)}  \n`, ok: true },
    { name: 'CRLF is stored as LF', raw: 'one\r\ntwo', ok: true, text: 'one\ntwo' },
    { name: '1001 characters', raw: 'x'.repeat(1001), ok: false, message: NOTE_MESSAGES.tooLong },
    {
      name: '999 characters and a line break',
      raw: `${'x'.repeat(500)}\n${'y'.repeat(499)}`,
      ok: false,
      message: NOTE_MESSAGES.tooLong,
    },
    { name: 'an empty note', raw: '', ok: false, message: NOTE_MESSAGES.required },
    { name: 'only spaces and line breaks', raw: '  \n \r\n ', ok: false, message: NOTE_MESSAGES.required },
  ])('$name', ({ raw, ok, text, message }) => {
    const result = checkNoteText(raw);

    expect(result.ok).toBe(ok);
    if (result.ok) {
      if (text !== undefined) expect(result.text).toBe(text);
      expect(result.length).toBeLessThanOrEqual(NOTE_MAX_LENGTH);
    } else {
      expect(result.errors).toEqual([{ field: 'Note', message }]);
    }
  });

  it('normalises CR and CRLF to LF', () => {
    expect(normalizeNoteText('a\r\nb\rc\nd')).toBe('a\nb\nc\nd');
  });
});

describe('[A3.4] isNoteEdited', () => {
  it.each([
    { CreationDate: '2026-01-01T10:00:00.000Z', UpdateDate: '2026-01-01T10:00:00.000Z', edited: false },
    { CreationDate: '2026-01-01T10:00:00.000Z', UpdateDate: '2026-01-01T10:00:00Z', edited: false },
    { CreationDate: '2026-01-01T10:00:00.000Z', UpdateDate: '2026-01-01T10:00:00.001Z', edited: true },
    { CreationDate: '2026-01-01T10:00:00.000Z', UpdateDate: '2026-02-01T08:30:00.000Z', edited: true },
  ])('$CreationDate / $UpdateDate -> $edited', ({ edited, ...note }) => {
    expect(isNoteEdited(note)).toBe(edited);
  });
});
