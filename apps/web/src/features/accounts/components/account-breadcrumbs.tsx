import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import type { HierarchyEntry } from '@portal/contracts';
import { useTranslation } from 'react-i18next';

/** [A2.31] Breadcrumbs from the hierarchy, shown only with 2 or more entries; the current account is marked. */
export function AccountBreadcrumbs({
  hierarchy,
  hrefFor,
}: {
  hierarchy: readonly HierarchyEntry[];
  hrefFor: (id: number) => string;
}) {
  const { t } = useTranslation();
  if (hierarchy.length < 2) return null;
  return (
    <nav aria-label={t('account.breadcrumbs')}>
      <Breadcrumbs separator="›" style={{ flexWrap: 'wrap' }}>
        {hierarchy.map((entry, i) =>
          i === hierarchy.length - 1 ? (
            <Text key={entry.AccountId} size="sm" fw={600} aria-current="page">
              {entry.DisplayName}
            </Text>
          ) : (
            <Anchor key={entry.AccountId} href={hrefFor(entry.AccountId)} size="sm">
              {entry.DisplayName}
            </Anchor>
          ),
        )}
      </Breadcrumbs>
    </nav>
  );
}
