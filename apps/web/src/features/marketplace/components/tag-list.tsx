import { Anchor, Box, Group, Text } from '@mantine/core';
import { type ReactNode, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** [M9.8] A tag list taller than this is folded to one line with a "Show all" toggle. */
export const TAG_LIST_OVERFLOW_PX = 38;

export interface TagListProps {
  /** Names the list for assistive technology. */
  label: string;
  children: ReactNode;
  /** Shown instead of the tags when there are none. */
  empty?: ReactNode;
  count: number;
}

/** A wrapping row of tags folded at 38 px [M9.8]; "Show all" unfolds it. */
export function TagList({ label, children, empty, count }: TagListProps) {
  const { t } = useTranslation();
  const inner = useRef<HTMLDivElement>(null);
  const [isOverflowing, setOverflowing] = useState(false);
  const [isExpanded, setExpanded] = useState(false);

  useLayoutEffect(() => {
    const el = inner.current;
    if (!el) return;
    const check = () => setOverflowing(el.scrollHeight > TAG_LIST_OVERFLOW_PX + 1);
    check();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(check);
    observer?.observe(el);
    return () => observer?.disconnect();
  });

  return (
    <Group gap="xs" align="flex-start" wrap="nowrap">
      <Text size="sm" fw={500} w={90} style={{ flexShrink: 0, lineHeight: '28px' }}>
        {label}
      </Text>
      {count === 0 ? (
        <Text size="sm" c="dimmed" style={{ lineHeight: '28px' }}>
          {empty}
        </Text>
      ) : (
        <Box style={{ flex: 1, minWidth: 0 }}>
          <Box
            role="list"
            aria-label={label}
            // Keyboard focus never lands on a folded-away tag: focusing the list unfolds it.
            onFocusCapture={() => isOverflowing && setExpanded(true)}
            style={{ maxHeight: isExpanded ? undefined : TAG_LIST_OVERFLOW_PX, overflow: 'hidden' }}
          >
            <Group ref={inner} gap={6} py={4}>
              {children}
            </Group>
          </Box>
          {(isOverflowing || isExpanded) && (
            <Anchor component="button" type="button" size="xs" onClick={() => setExpanded((v) => !v)} aria-expanded={isExpanded}>
              {isExpanded ? t('marketplace.tags.showLess') : t('marketplace.tags.showAll', { count })}
            </Anchor>
          )}
        </Box>
      )}
    </Group>
  );
}
