import { randomBytes } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { VENDOR_LOGO_MIN_HEIGHT, VENDOR_LOGO_MIN_WIDTH } from '@portal/contracts';
import type { Queryable } from '../../platform/db/db.js';
import { type FileStorage, insertStoredFile } from '../../platform/files/index.js';
import * as repo from './vendor-profiles.repository.js';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = (CRC_TABLE[(c ^ b) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** A truecolour PNG (8 bits per channel, RGB) of `width` x `height` pixels from `pixel(x, y)`. */
export function encodePng(width: number, height: number, pixel: (x: number, y: number) => [number, number, number]): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    // Filter type 0 (None) for every scanline.
    raw[row] = 0;
    for (let x = 0; x < width; x++) {
      const [r, g, b] = pixel(x, y);
      raw[row + 1 + x * 3] = r;
      raw[row + 2 + x * 3] = g;
      raw[row + 3 + x * 3] = b;
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // colour type RGB
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

/** A 5 x 7 block font of the letters the demo vendors' names use. */
const GLYPHS: Record<string, string[]> = {
  A: [' ### ', '#   #', '#   #', '#####', '#   #', '#   #', '#   #'],
  B: ['#### ', '#   #', '#   #', '#### ', '#   #', '#   #', '#### '],
  C: [' ####', '#    ', '#    ', '#    ', '#    ', '#    ', ' ####'],
  E: ['#####', '#    ', '#    ', '#### ', '#    ', '#    ', '#####'],
  F: ['#####', '#    ', '#    ', '#### ', '#    ', '#    ', '#    '],
  G: [' ####', '#    ', '#    ', '#  ##', '#   #', '#   #', ' ####'],
  H: ['#   #', '#   #', '#   #', '#####', '#   #', '#   #', '#   #'],
  I: ['#####', '  #  ', '  #  ', '  #  ', '  #  ', '  #  ', '#####'],
  K: ['#   #', '#  # ', '# #  ', '##   ', '# #  ', '#  # ', '#   #'],
  L: ['#    ', '#    ', '#    ', '#    ', '#    ', '#    ', '#####'],
  M: ['#   #', '## ##', '# # #', '# # #', '#   #', '#   #', '#   #'],
  N: ['#   #', '##  #', '# # #', '#  ##', '#   #', '#   #', '#   #'],
  O: [' ### ', '#   #', '#   #', '#   #', '#   #', '#   #', ' ### '],
  R: ['#### ', '#   #', '#   #', '#### ', '# #  ', '#  # ', '#   #'],
  S: [' ####', '#    ', '#    ', ' ### ', '    #', '    #', '#### '],
  T: ['#####', '  #  ', '  #  ', '  #  ', '  #  ', '  #  ', '  #  '],
  U: ['#   #', '#   #', '#   #', '#   #', '#   #', '#   #', ' ### '],
  W: ['#   #', '#   #', '#   #', '# # #', '# # #', '## ##', '#   #'],
  Y: ['#   #', '#   #', ' # # ', '  #  ', '  #  ', '  #  ', '  #  '],
};

/** Whether (x, y) falls on a letter of `text` drawn at (left, top) with square pixels of `scale`. */
function onText(text: string, left: number, top: number, scale: number, x: number, y: number): boolean {
  const col = Math.floor((x - left) / scale);
  const row = Math.floor((y - top) / scale);
  if (x < left || y < top || row > 6) return false;
  const glyph = GLYPHS[text[Math.floor(col / 6)] ?? ''];
  return glyph?.[row]?.[col % 6] === '#';
}

/**
 * A demo vendor's logo, exactly the 496 x 208 px the vendor panel shows [M9.12]: a band of the vendor's
 * colour, a square emblem and the vendor's name in block letters.
 */
export function demoLogo(name: string, colour: [number, number, number]): Buffer {
  const [first = '', second = ''] = name.toUpperCase().split(' ');
  const width = VENDOR_LOGO_MIN_WIDTH;
  const height = VENDOR_LOGO_MIN_HEIGHT;
  return encodePng(width, height, (x, y) => {
    const shade = 1 - (0.35 * y) / height;
    const background: [number, number, number] = [
      Math.round(colour[0] * shade),
      Math.round(colour[1] * shade),
      Math.round(colour[2] * shade),
    ];
    const inEmblem = x >= 24 && x < 136 && y >= 48 && y < 160;
    const inEmblemHole = x >= 52 && x < 108 && y >= 76 && y < 132;
    if (inEmblem && !inEmblemHole) return [255, 255, 255];
    if (onText(first, 160, 52, 7, x, y) || onText(second, 162, 120, 4, x, y)) return [255, 255, 255];
    return background;
  });
}

export const DEMO_VENDOR_PROFILES: { name: string; colour: [number, number, number]; description: string }[] = [
  {
    name: 'Contoso Software',
    colour: [0, 94, 160],
    description:
      'Contoso Software builds backup, collaboration and productivity services for small and mid-sized companies. Every service is hosted in European data centres, comes with premium support in five languages and can be ordered per user and month.',
  },
  {
    name: 'Fabrikam Security',
    colour: [150, 30, 45],
    description:
      'Fabrikam Security protects endpoints, mailboxes and identities. Our managed security services are monitored around the clock by certified analysts, and each subscription includes quarterly reports for your auditors.',
  },
  {
    name: 'Litware Hosting',
    colour: [30, 110, 60],
    description:
      'Litware Hosting runs managed servers, databases and websites on redundant infrastructure with a 99.95% availability commitment. Scale up or down month by month; our engineers take care of patches and backups.',
  },
];

/**
 * [M1.6] A description and a generated 496 x 208 logo for each demo vendor that has no profile yet;
 * idempotent (a vendor with a saved profile keeps it, so a database seeded before keeps its edits).
 */
export async function seedDemoVendorProfiles(db: Queryable, storage: FileStorage, now = new Date()): Promise<void> {
  for (const demo of DEMO_VENDOR_PROFILES) {
    const [vendor] = await db.query<{ id: number }>(
      "SELECT id FROM accounts WHERE account_type = 'Company' AND is_vendor AND display_name = $1 ORDER BY id LIMIT 1",
      [demo.name],
    );
    if (!vendor || (await repo.findProfile(db, vendor.id))) continue;
    const logo = demoLogo(demo.name, demo.colour);
    const name = `${randomBytes(16).toString('hex')}.png`;
    await storage.write(name, logo);
    await insertStoredFile(db, {
      name,
      original_name: `${demo.name.toLowerCase().replace(/\s+/g, '-')}-logo.png`,
      content_type: 'image/png',
      size_bytes: logo.length,
      uploaded_by: vendor.id,
    });
    await repo.insertProfile(db, {
      accountId: vendor.id,
      description: demo.description,
      iconFileId: name,
      updatedBy: null,
      now,
    });
  }
}
