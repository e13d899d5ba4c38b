import { describe, expect, it, vi } from 'vitest';
import {
  decodeBase64Text,
  decodeExploreQuery,
  defaultExploreQuery,
  defaultSortDirection,
  EXPLORE_PAGE_SIZES,
  type ExploreQueryOptions,
  encodeBase64Text,
  encodeExploreQuery,
  exploreView,
  SEARCH_ORDER_KEYS,
  SEARCH_SOURCE_TYPES,
  SORT_DIRECTIONS,
  searchInputFromExploreQuery,
  updateExploreQuery,
} from '../index.js';

/** A small deterministic generator (mulberry32), so a failing case can be replayed. */
function rng(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const TEXT_CHARS = ['a', 'Z', '0', ' ', ',', ';', ':', '/', '+', '=', 'é', 'ß', '日本', '😀', '-', '_', '%', '#'];
const CATEGORY_CHARS = ['a', 'b', 'Z', '9', '-', '_', '.', ' ', 'é'];

function generateOptions(random: () => number): ExploreQueryOptions {
  const int = (max: number) => Math.floor(random() * max);
  const pick = <T>(list: readonly T[]): T => list[int(list.length)] as T;
  const text = (chars: string[], min: number, max: number) =>
    Array.from({ length: min + int(max - min + 1) }, () => pick(chars)).join('');
  const unique = <T>(items: T[]) => [...new Set(items)];
  const key = pick(SEARCH_ORDER_KEYS);
  return {
    page: random() < 0.5 ? 1 : 1 + int(500),
    limit: pick(EXPLORE_PAGE_SIZES),
    sourceType: pick(SEARCH_SOURCE_TYPES),
    sourceValue: random() < 0.5 ? null : 1 + int(100000),
    order: { key, direction: pick(SORT_DIRECTIONS) },
    name: random() < 0.4 ? '' : text(TEXT_CHARS, 1, 12),
    categories: unique(Array.from({ length: int(4) }, () => text(CATEGORY_CHARS, 1, 8))),
    tags: unique(Array.from({ length: int(4) }, () => text(TEXT_CHARS, 1, 8))),
    ownerIds: unique(Array.from({ length: int(4) }, () => 1 + int(1_000_000))),
    excludeAdded: random() < 0.5,
    excludeHidden: random() < 0.5,
    newOnly: random() < 0.5,
  };
}

describe('explore query string [M2.28]', () => {
  it('[M9.6] an empty query means page 1, 20 per page, Ranking ascending', () => {
    const options = decodeExploreQuery('');

    expect(options).toEqual(defaultExploreQuery());
    expect(options.page).toBe(1);
    expect(options.limit).toBe(20);
    expect(options.order).toEqual({ key: 'Ranking', direction: 'ASC' });
  });

  it('[M9.6] ModifyDate and CreateDate start descending, the other keys ascending', () => {
    expect(defaultSortDirection('ModifyDate')).toBe('DESC');
    expect(defaultSortDirection('CreateDate')).toBe('DESC');
    expect(defaultSortDirection('DisplayName')).toBe('ASC');
    expect(defaultSortDirection('Ranking')).toBe('ASC');
  });

  it('[M2.29] [M2.30] [M2.31] [M2.32] [M2.33] [M2.34] [M2.35] [M2.36] [M2.37] [M2.38] [M2.39] [M2.40] reads every key', () => {
    const text = [
      'p:3',
      'l:40',
      'st:Marketplace',
      'sv:77',
      'ord:CreateDate,DESC',
      `n:${encodeBase64Text('Backup pro')}`,
      'c:storage,security',
      `t:${encodeBase64Text('Cloud')},${encodeBase64Text('Münster')}`,
      'o:12,15',
      'ea:1',
      'eh:1',
      'sn:1',
    ].join(';');

    expect(decodeExploreQuery(text)).toEqual({
      page: 3,
      limit: 40,
      sourceType: 'Marketplace',
      sourceValue: 77,
      order: { key: 'CreateDate', direction: 'DESC' },
      name: 'Backup pro',
      categories: ['storage', 'security'],
      tags: ['Cloud', 'Münster'],
      ownerIds: [12, 15],
      excludeAdded: true,
      excludeHidden: true,
      newOnly: true,
    });
  });

  it('[M2.34] [M2.36] base64 keeps any UTF-8 text, and standard base64 with padding is read too', () => {
    for (const text of ['', 'a', 'ab', 'abc', 'Grüße 日本 😀', '?>~~~', 'a/b+c=d;e:f,g']) {
      expect(decodeBase64Text(encodeBase64Text(text))).toBe(text);
      expect(encodeBase64Text(text)).not.toMatch(/[/+=;:,]/);
    }
    expect(decodeBase64Text(Buffer.from('Grüße', 'utf8').toString('base64'))).toBe('Grüße');
    expect(decodeBase64Text('Pz4-fn4')).toBe('?>>~~');
    expect(decodeBase64Text('Pz4+fn4=')).toBe('?>>~~');
    expect(decodeBase64Text('Pz4_')).toBe('?>?');
  });

  it('a vendor tag link o:{OwnerAccountId} and a tag link t:{tagValue} are read [M2.24]', () => {
    expect(decodeExploreQuery('o:42').ownerIds).toEqual([42]);
    expect(decodeExploreQuery(`t:${encodeBase64Text('Security')}`).tags).toEqual(['Security']);
  });

  it('writes nothing for the default filter state, and decodes what it encodes over many generated option sets', () => {
    expect(encodeExploreQuery(defaultExploreQuery())).toBe('');
    const random = rng(20261125);

    for (let i = 0; i < 2000; i += 1) {
      const options = generateOptions(random);

      const text = encodeExploreQuery(options);

      const log = vi.fn();
      expect(decodeExploreQuery(text, log), text).toEqual(options);
      expect(log).not.toHaveBeenCalled();
      expect(text).not.toMatch(/\//);
    }
  });

  it('leaves out categories that cannot travel in the query string', () => {
    const options = { ...defaultExploreQuery(), categories: ['ok', 'a,b', 'c;d', 'e:f', ''] };

    expect(encodeExploreQuery(options)).toBe('c:ok');
  });

  describe('[M2.41] [M8.6] invalid parts are logged and ignored', () => {
    const cases: [string, string, string][] = [
      ['a part without a colon', 'p3', 'Invalid query item'],
      ['a part with two colons', 'p:3:4', 'Invalid query item'],
      ['a colon inside a list item', 'c:a:b,c', 'Invalid query item'],
      ['an unknown key', 'x:1', 'Invalid key'],
      ['an empty key', ':1', 'Invalid key'],
      ['a key that only differs in case', 'P:2', 'Invalid key'],
      ['a page that is not a number', 'p:two', 'Invalid arguments'],
      ['a page of zero', 'p:0', 'Invalid arguments'],
      ['a negative page', 'p:-1', 'Invalid arguments'],
      ['a fractional page', 'p:1.5', 'Invalid arguments'],
      ['a comma inside the page', 'p:1,2', 'Invalid arguments'],
      ['a limit that is not offered', 'l:25', 'Invalid arguments'],
      ['a limit that is not a number', 'l:many', 'Invalid arguments'],
      ['an unknown source type', 'st:Everything', 'Invalid arguments'],
      ['a source value that is not a number', 'sv:abc', 'Invalid arguments'],
      ['an order without a direction', 'ord:DisplayName', 'Invalid arguments'],
      ['an order with three items', 'ord:DisplayName,ASC,DESC', 'Invalid arguments'],
      ['an unknown order key', 'ord:Price,ASC', 'Invalid arguments'],
      ['an unknown direction', 'ord:DisplayName,UP', 'Invalid arguments'],
      ['a name that is not base64', 'n:***', 'Invalid arguments'],
      ['a comma inside the name', `n:${encodeBase64Text('a')},${encodeBase64Text('b')}`, 'Invalid arguments'],
      ['a name that is not UTF-8', `n:${Buffer.from([0xff, 0xfe]).toString('base64')}`, 'Invalid arguments'],
      ['an empty category item', 'c:a,,b', 'Invalid arguments'],
      ['an empty category list', 'c:', 'Invalid arguments'],
      ['a tag that is not base64', 't:@@', 'Invalid arguments'],
      ['an empty tag item', `t:${encodeBase64Text('a')},`, 'Invalid arguments'],
      ['an owner id that is not a number', 'o:12,abc', 'Invalid arguments'],
      ['an empty owner item', 'o:12,,13', 'Invalid arguments'],
      ['a flag other than 0 or 1', 'ea:yes', 'Invalid arguments'],
      ['an exclude hidden flag of 2', 'eh:2', 'Invalid arguments'],
      ['an empty new-only flag', 'sn:', 'Invalid arguments'],
    ];

    it.each(cases)('%s', (_title, part, message) => {
      const log = vi.fn();

      const options = decodeExploreQuery(`${part};p:2`, log);

      expect(log).toHaveBeenCalledTimes(1);
      expect(log).toHaveBeenCalledWith(message, part);
      expect(options).toEqual({ ...defaultExploreQuery(), page: 2 });
    });

    it('keeps the valid parts around an invalid one and skips empty parts silently', () => {
      const log = vi.fn();

      const options = decodeExploreQuery(';c:backup;;zz:1;l:10;', log);

      expect(log).toHaveBeenCalledTimes(1);
      expect(options.categories).toEqual(['backup']);
      expect(options.limit).toBe(10);
    });

    it('does not need a logger', () => {
      expect(() => decodeExploreQuery('bad;p:x;q:1')).not.toThrow();
    });
  });

  it('the last valid part wins when a key repeats', () => {
    expect(decodeExploreQuery('p:2;p:5;p:x').page).toBe(5);
  });

  it('changing a filter goes back to page 1, changing the page keeps the filters', () => {
    const options = { ...defaultExploreQuery(), page: 4, categories: ['a'] };

    expect(updateExploreQuery(options, { tags: ['x'] }).page).toBe(1);
    expect(updateExploreQuery(options, { page: 7 })).toEqual({ ...options, page: 7 });
  });

  it('[M4.17] picks the explore view from the filters', () => {
    const d = defaultExploreQuery();

    expect(exploreView(d)).toBe('home');
    expect(exploreView({ ...d, page: 3, order: { key: 'DisplayName', direction: 'DESC' } })).toBe('home');
    expect(exploreView({ ...d, categories: ['storage'] })).toBe('category');
    expect(exploreView({ ...d, categories: ['storage'], ownerIds: [4] })).toBe('results');
    expect(exploreView({ ...d, tags: ['x'] })).toBe('results');
    expect(exploreView({ ...d, name: 'ba' })).toBe('results');
    expect(exploreView({ ...d, newOnly: true })).toBe('results');
  });

  it('turns explore options into a SearchServices input', () => {
    const q = decodeExploreQuery(`st:Marketplace;sv:9;o:3;ord:DisplayName,DESC;p:2;l:10;n:${encodeBase64Text(' x ')}`);

    expect(searchInputFromExploreQuery(q)).toEqual({
      options: {
        DisplayName: 'x',
        OwnerAccountIds: [3],
        ServiceCategories: [],
        ServiceTags: [],
        Source: { Type: 'Marketplace', Value: 9 },
        ExcludeHidden: false,
        ExcludeAdded: false,
        ShowNewOnly: false,
        MarketplaceId: null,
      },
      orderBy: { Key: 'DisplayName', Direction: 'DESC' },
      page: 2,
      limit: 10,
    });
  });
});
