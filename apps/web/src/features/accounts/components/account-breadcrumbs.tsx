import { ActionIcon, Anchor, Menu, Text } from '@mantine/core';
import type { HierarchyEntry } from '@portal/contracts';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import './account-breadcrumbs.css';

/**
 * [A2.31] Breadcrumbs from the hierarchy, shown only with 2 or more entries; the current account is marked.
 * Decision 0072: a long name is cut with "…" (whole in its title and for screen readers); on a phone the crumbs keep
 * one line, the first, the parent and the current account, the ancestors between them in a "…" menu.
 */
export function AccountBreadcrumbs({
  hierarchy,
  hrefFor,
}: {
  hierarchy: readonly HierarchyEntry[];
  hrefFor: (id: number) => string;
}) {
  const { t } = useTranslation();
  if (hierarchy.length < 2) return null;
  const last = hierarchy.length - 1;
  // Between the first ancestor and the parent: what a phone shows in the menu.
  const middle = hierarchy.slice(1, -2);
  return (
    <nav aria-label={t('account.breadcrumbs')}>
      <ol className="account-crumbs">
        {hierarchy.map((entry, i) => (
          <Fragment key={entry.AccountId}>
            {i === 1 && middle.length > 0 && (
              <li className="account-crumbs-more">
                <Menu position="bottom-start" shadow="md">
                  <Menu.Target>
                    <ActionIcon
                      variant="subtle"
                      size="sm"
                      aria-label={t('account.breadcrumbsMore', { count: middle.length })}
                      title={t('account.breadcrumbsMore', { count: middle.length })}
                    >
                      …
                    </ActionIcon>
                  </Menu.Target>
                  <Menu.Dropdown maw="calc(100vw - 2rem)">
                    {middle.map((hidden) => (
                      <Menu.Item key={hidden.AccountId} component="a" href={hrefFor(hidden.AccountId)}>
                        {hidden.DisplayName}
                      </Menu.Item>
                    ))}
                  </Menu.Dropdown>
                </Menu>
              </li>
            )}
            <li
              className="account-crumb"
              data-middle={i > 0 && i < last - 1 ? true : undefined}
              data-current={i === last ? true : undefined}
            >
              {i === last ? (
                <Text span size="sm" fw={600} aria-current="page" title={entry.DisplayName}>
                  {entry.DisplayName}
                </Text>
              ) : (
                <Anchor href={hrefFor(entry.AccountId)} size="sm" title={entry.DisplayName}>
                  {entry.DisplayName}
                </Anchor>
              )}
            </li>
          </Fragment>
        ))}
      </ol>
    </nav>
  );
}
