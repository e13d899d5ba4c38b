/** A node as the tree shows it: visible rows are computed from these and the expanded set. */
export interface TreeItem {
  id: number;
  label: string;
  hasChildren: boolean;
}

export interface VisibleRow {
  id: number;
  parentId: number | null;
  level: number;
  item: TreeItem;
}

/** Flattens the expanded part of a tree into the rows a user sees, top to bottom. */
export function visibleRows(
  roots: readonly TreeItem[],
  childrenOf: (id: number) => readonly TreeItem[] | undefined,
  expanded: ReadonlySet<number>,
): VisibleRow[] {
  const rows: VisibleRow[] = [];
  const walk = (items: readonly TreeItem[], parentId: number | null, level: number) => {
    for (const item of items) {
      rows.push({ id: item.id, parentId, level, item });
      const children = childrenOf(item.id);
      if (expanded.has(item.id) && children) walk(children, item.id, level + 1);
    }
  };
  walk(roots, null, 1);
  return rows;
}

export type TreeKeyAction =
  | { kind: 'focus'; id: number }
  | { kind: 'expand'; id: number }
  | { kind: 'collapse'; id: number }
  | { kind: 'select'; id: number }
  | { kind: 'none' };

/** What a key press on the focused row does, following the WAI-ARIA tree view pattern. */
export function treeKeyAction(params: {
  key: string;
  rows: readonly VisibleRow[];
  focusedId: number;
  expanded: ReadonlySet<number>;
}): TreeKeyAction {
  const { key, rows, focusedId, expanded } = params;
  const index = rows.findIndex((r) => r.id === focusedId);
  const row = rows[index];
  if (!row) return rows[0] ? { kind: 'focus', id: rows[0].id } : { kind: 'none' };
  switch (key) {
    case 'ArrowDown': {
      const next = rows[index + 1];
      return next ? { kind: 'focus', id: next.id } : { kind: 'none' };
    }
    case 'ArrowUp': {
      const prev = rows[index - 1];
      return prev ? { kind: 'focus', id: prev.id } : { kind: 'none' };
    }
    case 'Home':
      return rows[0] ? { kind: 'focus', id: rows[0].id } : { kind: 'none' };
    case 'End': {
      const last = rows.at(-1);
      return last ? { kind: 'focus', id: last.id } : { kind: 'none' };
    }
    case 'ArrowRight': {
      if (!row.item.hasChildren) return { kind: 'none' };
      if (!expanded.has(row.id)) return { kind: 'expand', id: row.id };
      const child = rows[index + 1];
      return child && child.parentId === row.id ? { kind: 'focus', id: child.id } : { kind: 'none' };
    }
    case 'ArrowLeft':
      if (row.item.hasChildren && expanded.has(row.id)) return { kind: 'collapse', id: row.id };
      return row.parentId !== null ? { kind: 'focus', id: row.parentId } : { kind: 'none' };
    case 'Enter':
    case ' ':
      return { kind: 'select', id: row.id };
    default:
      return { kind: 'none' };
  }
}
