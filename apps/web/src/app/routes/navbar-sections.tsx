import { Box, NavLink, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface NavbarSection {
  href: string;
  label: string;
}

/** Below 1200 px the menu's list of the portal's sections, the grouped ones under their group's name (decision 0055). */
export function NavbarSections(props: {
  ungrouped: readonly NavbarSection[];
  groups: readonly { group: string; items: readonly NavbarSection[] }[];
  onNavigate: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack component="nav" aria-label={t('app.sections')} gap={0} hiddenFrom="lg" mb="xs">
      {props.ungrouped.map((section) => (
        <NavLink key={section.href} href={section.href} label={section.label} onClick={props.onNavigate} />
      ))}
      {props.groups.map(({ group, items }) => (
        <Box key={group} role="group" aria-label={t(`layout.sectionGroups.${group}`)}>
          <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" pt="xs" aria-hidden="true">
            {t(`layout.sectionGroups.${group}`)}
          </Text>
          {items.map((section) => (
            <NavLink key={section.href} href={section.href} label={section.label} onClick={props.onNavigate} />
          ))}
        </Box>
      ))}
    </Stack>
  );
}
