import { Avatar, Button, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { CurrentUser } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { PHONE_QUERY } from '../../../lib/media-queries';
import { useSignOut } from '../api/use-current-user';
import { initialsOf } from '../utils/initials';

/**
 * The current user and organisation in the header, with Sign out. The pages about the user's own access (security,
 * confirmed terms, the vendor profile) open from a menu on the user's name, so the header stays one line.
 */
export function UserMenu({
  user,
  onSignedOut,
  links = [],
}: {
  user: CurrentUser;
  onSignedOut: () => void;
  /** Pages about the user's own access (security, confirmed terms), supplied by the app. */
  links?: { label: string; href: string }[];
}) {
  const { t } = useTranslation();
  const signOut = useSignOut();
  // A phone's header has no room for a name: the user's initials open the menu, which names the user in full.
  const isPhone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  const who = isPhone ? (
    <Avatar color="blue" variant="filled" size={32} data-testid="current-user" aria-hidden="true">
      {initialsOf(user.DisplayName)}
    </Avatar>
  ) : (
    <div style={{ textAlign: 'right' }}>
      {/* Long names end in an ellipsis rather than wrap the header; the menu's label carries the whole name. */}
      <Text size="sm" fw={600} data-testid="current-user" truncate="end" maw={{ base: 96, sm: 240 }}>
        {user.DisplayName}
      </Text>
      <Text size="xs" c="dimmed" truncate="end" maw={240} visibleFrom="sm">
        {t('auth.company', { name: user.CompanyDisplayName })}
      </Text>
    </div>
  );
  return (
    <Group gap="sm" wrap="nowrap">
      {links.length > 0 ? (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <UnstyledButton aria-label={t('auth.userMenu', { name: user.DisplayName })}>{who}</UnstyledButton>
          </Menu.Target>
          <Menu.Dropdown>
            {isPhone && (
              <Menu.Label>
                <Text size="sm" fw={600} c="var(--mantine-color-text)">
                  {user.DisplayName}
                </Text>
                {t('auth.company', { name: user.CompanyDisplayName })}
              </Menu.Label>
            )}
            {links.map((link) => (
              <Menu.Item key={link.href} component="a" href={link.href}>
                {link.label}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      ) : (
        who
      )}
      <Button
        variant="default"
        size="xs"
        loading={signOut.isPending}
        onClick={() => signOut.mutate(undefined, { onSettled: onSignedOut })}
      >
        {t('auth.signOut')}
      </Button>
    </Group>
  );
}
