import { describe, expect, it } from 'vitest';
import { type TreeItem, treeKeyAction, visibleRows } from '../tree-navigation';

const item = (id: number, hasChildren = false): TreeItem => ({ id, label: `n${id}`, hasChildren });
const children = new Map<number, TreeItem[]>([
  [1, [item(2, true), item(3)]],
  [2, [item(4)]],
]);
const childrenOf = (id: number) => children.get(id);

describe('visibleRows', () => {
  it('shows only the children of expanded nodes, with their level and parent', () => {
    const rows = visibleRows([item(1, true)], childrenOf, new Set([1]));

    expect(rows.map((r) => [r.id, r.level, r.parentId])).toEqual([
      [1, 1, null],
      [2, 2, 1],
      [3, 2, 1],
    ]);
  });

  it('skips an expanded node whose children are not loaded yet', () => {
    expect(visibleRows([item(9, true)], childrenOf, new Set([9])).map((r) => r.id)).toEqual([9]);
  });
});

describe('treeKeyAction', () => {
  const expanded = new Set([1, 2]);
  const rows = visibleRows([item(1, true)], childrenOf, expanded);
  const cases: [string, number, ReturnType<typeof treeKeyAction>][] = [
    ['ArrowDown', 1, { kind: 'focus', id: 2 }],
    ['ArrowDown', 3, { kind: 'none' }],
    ['ArrowUp', 2, { kind: 'focus', id: 1 }],
    ['Home', 3, { kind: 'focus', id: 1 }],
    ['End', 1, { kind: 'focus', id: 3 }],
    ['ArrowRight', 1, { kind: 'focus', id: 2 }],
    ['ArrowRight', 3, { kind: 'none' }],
    ['ArrowLeft', 2, { kind: 'collapse', id: 2 }],
    ['ArrowLeft', 4, { kind: 'focus', id: 2 }],
    ['ArrowLeft', 3, { kind: 'focus', id: 1 }],
    ['Enter', 3, { kind: 'select', id: 3 }],
    ['x', 3, { kind: 'none' }],
  ];
  it.each(cases)('%s on node %i gives %o', (key, focusedId, action) => {
    expect(treeKeyAction({ key, rows, focusedId, expanded })).toEqual(action);
  });

  it('expands a collapsed node with children on ArrowRight', () => {
    const collapsedRows = visibleRows([item(1, true)], childrenOf, new Set());

    expect(treeKeyAction({ key: 'ArrowRight', rows: collapsedRows, focusedId: 1, expanded: new Set() })).toEqual({
      kind: 'expand',
      id: 1,
    });
  });
});
