// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../markdown';

describe('the markdown preview', () => {
  it('[S2.10] [S2.11] renders markdown', () => {
    expect(renderMarkdown('# Backup\n\n**fast** and *safe*')).toContain('<strong>fast</strong>');
  });

  it.each([
    ['<script>alert(1)</script>', '<script'],
    ['<img src=x onerror="alert(1)">', 'onerror'],
    ['[click](javascript:alert(1))', 'javascript:'],
  ])('removes script injection from %j', (text, banned) => {
    expect(renderMarkdown(text)).not.toContain(banned);
  });
});
