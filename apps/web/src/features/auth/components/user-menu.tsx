import { Anchor, Button, Group, Text } from '@mantine/core';
import type { CurrentUser } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { useSignOut } from '../api/use-current-user';

/** The current user and organisation in the header, with Sign out. */
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
  return (
    <Group gap="md" wrap="nowrap">
      <div style={{ textAlign: 'right' }}>
        <Text size="sm" fw={600} data-testid="current-user">
          {user.DisplayName}
        </Text>
        <Text size="xs" c="dimmed">
          {t('auth.company', { name: user.CompanyDisplayName })}
        </Text>
      </div>
      {links.length > 0 && (
        <Group gap="sm" wrap="nowrap" visibleFrom="md">
          {links.map((link) => (
            <Anchor key={link.href} href={link.href} size="sm">
              {link.label}
            </Anchor>
          ))}
        </Group>
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
