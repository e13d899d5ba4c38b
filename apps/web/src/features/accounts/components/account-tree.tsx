import { Alert, Group, Loader, Text } from '@mantine/core';
import type { TreeNode } from '@portal/contracts';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyTree } from '../../../components/tree/lazy-tree';
import type { TreeItem } from '../../../components/tree/utils/tree-navigation';
import { TREE_PAGE_SIZE, useTreePages } from '../api/use-account-tree';

export interface AccountTreeProps {
  rootId: number;
  selectedId: number | null;
  /** Ids from the root down to the selected account: expanded so the selection is visible. */
  pathIds: readonly number[];
  onSelect: (id: number) => void;
}

/** The left-menu tree of accounts under the caller's organisation; children load on expand, 100 at a time. */
export function AccountTree({ rootId, selectedId, pathIds, onSelect }: AccountTreeProps) {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(() => new Set([rootId]));
  const [pages, setPages] = useState<ReadonlyMap<number, number>>(() => new Map());

  useEffect(() => {
    // Reveal the account in the address: expand every ancestor.
    setExpanded((prev) => {
      const ancestors = pathIds.slice(0, -1);
      if (ancestors.every((id) => prev.has(id))) return prev;
      return new Set([...prev, ...ancestors]);
    });
  }, [pathIds]);

  const requests = useMemo(
    () => [...expanded].flatMap((id) => Array.from({ length: pages.get(id) ?? 1 }, (_, page) => ({ id, page }))),
    [expanded, pages],
  );
  const results = useTreePages(requests);

  const nodes = useMemo(() => {
    const byId = new Map<number, { node: TreeNode; children: TreeNode[] }>();
    requests.forEach((req, i) => {
      const data = results[i]?.data;
      if (!data) return;
      const entry = byId.get(req.id) ?? { node: data, children: [] };
      entry.children.push(...data.Children);
      byId.set(req.id, entry);
    });
    return byId;
  }, [requests, results]);
  const loadingIds = useMemo(
    () => new Set(requests.filter((_, i) => results[i]?.isFetching && !results[i]?.data).map((r) => r.id)),
    [requests, results],
  );

  const toItem = useCallback(
    (n: TreeNode): TreeItem => ({ id: n.AccountId, label: n.DisplayName, hasChildren: n.ChildCount > 0 }),
    [],
  );
  const labels = useMemo(() => {
    const types = new Map<number, string>();
    for (const { node, children } of nodes.values()) {
      types.set(node.AccountId, node.AccountType);
      for (const c of children) types.set(c.AccountId, c.AccountType);
    }
    return types;
  }, [nodes]);

  const childrenOf = useCallback(
    (id: number): readonly TreeItem[] | undefined => {
      const entry = nodes.get(id);
      if (!entry) return undefined;
      const items = entry.children.map(toItem);
      const remaining = entry.node.ChildCount - entry.children.length;
      // A "show more" row is a treeitem of its own (negative id) so the keyboard reaches it.
      if (remaining > 0) items.push({ id: -id, label: t('tree.loadMore', { remaining }), hasChildren: false });
      return items;
    },
    [nodes, toItem, t],
  );

  const root = nodes.get(rootId)?.node;
  const rootFailed = results[requests.findIndex((r) => r.id === rootId && r.page === 0)]?.isError;
  if (rootFailed) return <Alert color="red">{t('tree.loadFailed')}</Alert>;
  if (!root) return <Loader size="sm" aria-label={t('app.loading')} />;

  return (
    <LazyTree
      label={t('tree.label')}
      roots={[toItem(root)]}
      childrenOf={childrenOf}
      loadingIds={loadingIds}
      expanded={expanded}
      selectedId={selectedId}
      // Decision 0054: clicking a name opens the account and shows what is below it.
      expandOnClick
      onToggle={(id, expand) =>
        setExpanded((prev) => {
          const next = new Set(prev);
          if (expand) next.add(id);
          else next.delete(id);
          return next;
        })
      }
      onSelect={(id) => {
        if (id < 0) {
          const parent = -id;
          const loaded = nodes.get(parent)?.children.length ?? 0;
          setPages((prev) => new Map(prev).set(parent, Math.ceil(loaded / TREE_PAGE_SIZE) + 1));
        } else onSelect(id);
      }}
      renderLabel={(item) =>
        item.id < 0 ? (
          <Text size="sm" c="blue" component="span">
            {item.label}
          </Text>
        ) : (
          <Group gap={6} wrap="nowrap" component="span">
            <Text size="sm" component="span" truncate title={item.label}>
              {item.label}
            </Text>
            <Text size="xs" c="dimmed" component="span">
              {t(`account.type.${labels.get(item.id) ?? 'User'}`)}
            </Text>
          </Group>
        )
      }
    />
  );
}
