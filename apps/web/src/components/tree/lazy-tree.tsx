import { Box, Loader, Text } from '@mantine/core';
import { type KeyboardEvent, type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { type TreeItem, treeKeyAction, visibleRows } from './utils/tree-navigation';

export interface LazyTreeProps {
  label: string;
  roots: readonly TreeItem[];
  /** Loaded children per node id; undefined while not loaded. */
  childrenOf: (id: number) => readonly TreeItem[] | undefined;
  loadingIds: ReadonlySet<number>;
  expanded: ReadonlySet<number>;
  selectedId: number | null;
  onToggle: (id: number, expand: boolean) => void;
  onSelect: (id: number) => void;
  renderLabel?: (item: TreeItem) => ReactNode;
  /** A click on a collapsed node's label also expands it (the keyboard keeps Enter to select, arrows to expand). */
  expandOnClick?: boolean;
}

/**
 * An accessible tree (WAI-ARIA tree view) whose children arrive on expand. It holds only focus;
 * data, expansion and selection belong to the caller.
 */
export function LazyTree(props: LazyTreeProps) {
  const { roots, childrenOf, expanded, selectedId } = props;
  const rows = useMemo(() => visibleRows(roots, childrenOf, expanded), [roots, childrenOf, expanded]);
  const [focusedId, setFocusedId] = useState<number | null>(selectedId);
  const refs = useRef(new Map<number, HTMLElement>());

  useEffect(() => {
    if (selectedId !== null) setFocusedId(selectedId);
  }, [selectedId]);

  const tabStop = rows.some((r) => r.id === focusedId) ? focusedId : (rows[0]?.id ?? null);

  const focus = (id: number) => {
    setFocusedId(id);
    refs.current.get(id)?.focus();
  };

  const handleKeyDown = (event: KeyboardEvent) => {
    if (tabStop === null) return;
    const action = treeKeyAction({ key: event.key, rows, focusedId: tabStop, expanded });
    if (action.kind === 'none') return;
    event.preventDefault();
    if (action.kind === 'focus') focus(action.id);
    else if (action.kind === 'expand') props.onToggle(action.id, true);
    else if (action.kind === 'collapse') props.onToggle(action.id, false);
    else props.onSelect(action.id);
  };

  return (
    <Box
      component="ul"
      role="tree"
      aria-label={props.label}
      onKeyDown={handleKeyDown}
      style={{ listStyle: 'none', margin: 0, padding: 0 }}
    >
      {rows.map((row) => {
        const isExpanded = expanded.has(row.id);
        const isSelected = row.id === selectedId;
        return (
          <li
            key={`${row.parentId}-${row.id}`}
            role="treeitem"
            aria-level={row.level}
            aria-selected={isSelected}
            aria-expanded={row.item.hasChildren ? isExpanded : undefined}
            tabIndex={row.id === tabStop ? 0 : -1}
            ref={(el) => {
              if (el) refs.current.set(row.id, el);
              else refs.current.delete(row.id);
            }}
            onFocus={(e) => {
              if (e.target === e.currentTarget) setFocusedId(row.id);
            }}
            style={{ outlineOffset: -2 }}
          >
            <Box
              style={{
                display: 'flex',
                alignItems: 'center',
                gap: 4,
                paddingLeft: (row.level - 1) * 16,
                borderRadius: 4,
                background: isSelected ? 'var(--mantine-color-blue-light)' : undefined,
              }}
            >
              {/* Pointer targets only: the keyboard works on the focused treeitem itself. */}
              <Box
                component="span"
                aria-hidden
                data-testid={`toggle-${row.id}`}
                onClick={() => row.item.hasChildren && props.onToggle(row.id, !isExpanded)}
                style={{
                  width: 20,
                  textAlign: 'center',
                  cursor: 'pointer',
                  visibility: row.item.hasChildren ? 'visible' : 'hidden',
                }}
              >
                {props.loadingIds.has(row.id) ? <Loader size={10} /> : isExpanded ? '▾' : '▸'}
              </Box>
              <Box
                component="span"
                onClick={() => {
                  setFocusedId(row.id);
                  if (props.expandOnClick && row.item.hasChildren && !isExpanded) props.onToggle(row.id, true);
                  props.onSelect(row.id);
                }}
                style={{ flex: 1, padding: '3px 4px', cursor: 'pointer', fontWeight: isSelected ? 600 : 400 }}
              >
                {props.renderLabel ? (
                  props.renderLabel(row.item)
                ) : (
                  <Text size="sm" component="span">
                    {row.item.label}
                  </Text>
                )}
              </Box>
            </Box>
          </li>
        );
      })}
    </Box>
  );
}
