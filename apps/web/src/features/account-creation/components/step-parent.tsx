import { Group, Loader, Paper, Radio, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { CreateAccountType, CreateParentItem } from '@portal/contracts';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyTree } from '../../../components/tree/lazy-tree';
import type { TreeItem } from '../../../components/tree/utils/tree-navigation';
import { ReadableAlert } from '../../../components/ui/readable-alert';
import { useParentLevels, useParentSearch } from '../api/use-create-account';

export interface ChosenParent {
  AccountId: number;
  AccountType: string;
  DisplayName: string;
}

export interface StepParentProps {
  type: CreateAccountType;
  parent: ChosenParent | null;
  /** The parent of the tree or search choice, before a department is chosen [A2.40]. */
  onChange: (parent: ChosenParent | null) => void;
  /** A message from the server about the chosen parent (it may not hold the type). */
  error: string | null;
}

/**
 * [A2.39], [A2.40] Select parent: a search by name and a tree of the caller's organisation, filtered to Reseller
 * accounts for a Company or Reseller [A2.43]. A user also gets a department choice inside the chosen company.
 */
export function StepParent(props: StepParentProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [debounced] = useDebouncedValue(text.trim(), 300);
  const search = useParentSearch(props.type, debounced);
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(() => new Set());
  const [treeChoice, setTreeChoice] = useState<ChosenParent | null>(props.parent);
  const [hint, setHint] = useState<string | null>(null);

  const levelIds = useMemo(() => [null, ...expanded], [expanded]);
  const levels = useParentLevels(props.type, levelIds);
  const itemsById = useMemo(() => {
    const map = new Map<number, CreateParentItem>();
    for (const level of levels) for (const item of level.data?.Items ?? []) map.set(item.AccountId, item);
    return map;
  }, [levels]);
  const rootLevel = levels[0];
  const childrenOf = useCallback(
    (id: number): readonly TreeItem[] | undefined => {
      const index = levelIds.indexOf(id);
      const data = index < 0 ? undefined : levels[index]?.data;
      return data?.Items.map(toTreeItem);
    },
    [levelIds, levels],
  );
  const loadingIds = useMemo(
    () => new Set(levelIds.filter((id, i): id is number => id !== null && levels[i]?.isFetching === true && !levels[i]?.data)),
    [levelIds, levels],
  );

  const choose = (item: CreateParentItem) => {
    if (!item.CanBeParent) {
      setHint(t('accountCreate.parent.cannotHold', { name: item.DisplayName, type: t(`accountCreate.typeName.${props.type}`) }));
      return;
    }
    setHint(null);
    const chosen = { AccountId: item.AccountId, AccountType: item.AccountType, DisplayName: item.DisplayName };
    setTreeChoice(chosen);
    props.onChange(chosen);
  };

  // [A2.40] Departments inside the chosen company or department, for a user.
  const departmentLevel = useParentLevels(props.type, props.type === 'User' && treeChoice ? [treeChoice.AccountId] : []);
  const departments = (departmentLevel[0]?.data?.Items ?? []).filter((i) => i.AccountType === 'Department' && i.CanBeParent);

  const searchItems = search.data?.Items ?? [];
  return (
    <Stack>
      <Text size="sm">{t(`accountCreate.parent.intro.${props.type}`)}</Text>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Stack gap="xs">
          <TextInput
            label={t('accountCreate.parent.search')}
            description={t('accountCreate.parent.searchHint')}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            rightSection={search.isFetching ? <Loader size="xs" /> : null}
            data-autofocus
          />
          {debounced.length >= 2 && search.isSuccess && searchItems.length === 0 && (
            <Text c="dimmed" size="sm">
              {t('accountCreate.parent.noResults')}
            </Text>
          )}
          {searchItems.length > 0 && (
            <Radio.Group
              label={t('accountCreate.parent.results')}
              value={treeChoice ? String(treeChoice.AccountId) : null}
              onChange={(value) => {
                const item = searchItems.find((i) => String(i.AccountId) === value);
                if (item) choose(item);
              }}
            >
              <Stack gap="xs" mt="xs">
                {searchItems.map((item) => (
                  <Radio
                    key={item.AccountId}
                    value={String(item.AccountId)}
                    label={`${item.DisplayName} (${t(`account.type.${item.AccountType}`)}${item.ParentDisplayName ? `, ${item.ParentDisplayName}` : ''})`}
                  />
                ))}
              </Stack>
            </Radio.Group>
          )}
        </Stack>
        <Paper withBorder p="xs" radius="md" component="section" aria-label={t('accountCreate.parent.tree')}>
          <Title order={3} size="h6" mb="xs">
            {t('accountCreate.parent.tree')}
          </Title>
          {rootLevel?.isError && <ReadableAlert color="red">{t('accountCreate.parent.treeFailed')}</ReadableAlert>}
          {rootLevel?.isPending && <Loader size="sm" aria-label={t('app.loading')} />}
          {rootLevel?.data && rootLevel.data.Items.length === 0 && (
            <Text c="dimmed" size="sm">
              {t('accountCreate.parent.none')}
            </Text>
          )}
          {rootLevel?.data && rootLevel.data.Items.length > 0 && (
            <LazyTree
              label={t('accountCreate.parent.tree')}
              roots={rootLevel.data.Items.map(toTreeItem)}
              childrenOf={childrenOf}
              loadingIds={loadingIds}
              expanded={expanded}
              selectedId={treeChoice?.AccountId ?? null}
              onToggle={(id, expand) =>
                setExpanded((prev) => {
                  const next = new Set(prev);
                  if (expand) next.add(id);
                  else next.delete(id);
                  return next;
                })
              }
              onSelect={(id) => {
                const item = itemsById.get(id);
                if (item) choose(item);
              }}
              renderLabel={(item) => {
                const full = itemsById.get(item.id);
                return (
                  <Group gap={6} wrap="nowrap" component="span">
                    <Text size="sm" component="span" truncate c={full?.CanBeParent ? undefined : 'dimmed'}>
                      {item.label}
                    </Text>
                    <Text size="xs" c="dimmed" component="span">
                      {t(`account.type.${full?.AccountType ?? 'Company'}`)}
                    </Text>
                  </Group>
                );
              }}
            />
          )}
        </Paper>
      </SimpleGrid>
      {props.type === 'User' && treeChoice && departments.length > 0 && (
        <Select
          label={t('accountCreate.parent.department')}
          description={t('accountCreate.parent.departmentHint', { name: treeChoice.DisplayName })}
          placeholder={t('accountCreate.parent.noDepartment')}
          clearable
          data={departments.map((d) => ({ value: String(d.AccountId), label: d.DisplayName }))}
          value={props.parent && props.parent.AccountId !== treeChoice.AccountId ? String(props.parent.AccountId) : null}
          onChange={(value) => {
            const department = departments.find((d) => String(d.AccountId) === value);
            props.onChange(
              department
                ? { AccountId: department.AccountId, AccountType: department.AccountType, DisplayName: department.DisplayName }
                : treeChoice,
            );
          }}
        />
      )}
      {hint && (
        <Text size="sm" role="status">
          {hint}
        </Text>
      )}
      <Text size="sm" fw={500} role="status" data-testid="chosen-parent">
        {props.parent
          ? t('accountCreate.parent.chosen', {
              name: props.parent.DisplayName,
              type: t(`account.type.${props.parent.AccountType}`),
            })
          : t('accountCreate.parent.notChosen')}
      </Text>
      {props.error && (
        <ReadableAlert color="red" role="alert">
          {props.error}
        </ReadableAlert>
      )}
    </Stack>
  );
}

const toTreeItem = (item: CreateParentItem): TreeItem => ({
  id: item.AccountId,
  label: item.DisplayName,
  hasChildren: item.HasChildren,
});
