import { blankServiceDocument } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { addFile, fileUrlError, moveFile, removeFile } from '../files-form';

describe('the Files tab helpers', () => {
  it.each([
    ['ServiceVideos', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', null],
    ['ServiceVideos', 'https://youtu.be/dQw4w9WgXcQ', null],
    ['ServiceVideos', 'https://vimeo.com/123456', 'Only YouTube videos are allowed'],
    ['Screenshots', 'https://cdn.example.com/a.png', null],
    ['Screenshots', 'https://cdn.example.com/a.svg', 'A screenshot must be a png, jpg, jpeg or gif image'],
    ['Downloads', 'https://cdn.example.com/guide.pdf', null],
    ['Downloads', 'ftp://cdn.example.com/guide.pdf', 'Upload the file or give an https address'],
  ] as const)('[S2.6] [S5.6] %s %j gives %j', (list, url, message) => {
    expect(fileUrlError(list, url)).toBe(message);
  });

  it('[S2.6] adds a video with an optional caption, refuses others, moves and removes', () => {
    const d0 = blankServiceDocument();
    const a = addFile(d0, 'ServiceVideos', ' https://youtu.be/dQw4w9WgXcQ ', '');
    expect(a.ok).toBe(true);
    if (!a.ok) return;
    expect(a.doc.ServiceVideos).toEqual([{ Url: 'https://youtu.be/dQw4w9WgXcQ', Description: '' }]);
    expect(addFile(a.doc, 'ServiceVideos', 'https://example.com/v.mp4', 'x')).toEqual({
      ok: false,
      error: 'Only YouTube videos are allowed',
    });
    const b = addFile(a.doc, 'ServiceVideos', 'https://www.youtube.com/watch?v=abcdefgh', 'Tour');
    if (!b.ok) throw new Error('refused');
    const moved = moveFile(b.doc, 'ServiceVideos', 1, -1);
    expect(moved.ServiceVideos.map((v) => v.Description)).toEqual(['Tour', '']);
    expect(moveFile(moved, 'ServiceVideos', 0, -1)).toBe(moved);
    expect(removeFile(moved, 'ServiceVideos', 0).ServiceVideos).toHaveLength(1);
  });
});
