import { CloseButton, Group, Text } from '@mantine/core';

export interface FilterChipProps {
  label: string;
  /** The remove button's accessible name, e.g. 'Remove the tag filter Security'. */
  removeLabel: string;
  onRemove: () => void;
}

/** An active filter with a remove button that the keyboard reaches (Tab, then Enter or Space). */
export function FilterChip({ label, removeLabel, onRemove }: FilterChipProps) {
  return (
    <Group
      gap={2}
      wrap="nowrap"
      pl="sm"
      pr={4}
      py={2}
      style={{ border: '1px solid var(--mantine-color-gray-4)', borderRadius: 16, background: 'var(--mantine-color-gray-0)' }}
    >
      <Text size="sm">{label}</Text>
      <CloseButton size="sm" aria-label={removeLabel} title={removeLabel} onClick={onRemove} />
    </Group>
  );
}
