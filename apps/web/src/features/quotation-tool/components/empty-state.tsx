import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** [M2.55] An empty list: what is empty, how to begin, and the list's main create action. */
export function EmptyState(props: { title: string; text?: string; action?: ReactNode; testId: string }) {
  return (
    <Paper withBorder p="xl" data-testid={props.testId}>
      <Stack align="center" gap="xs" ta="center">
        <Title order={2} size="h4">
          {props.title}
        </Title>
        {props.text && (
          <Text size="sm" c="dimmed">
            {props.text}
          </Text>
        )}
        {props.action}
      </Stack>
    </Paper>
  );
}

/** The main create action of an empty list: a link that looks like a button. */
export function CreateLink(props: { href: string; label: string }) {
  return (
    <Button component="a" href={props.href} mt="xs">
      {props.label}
    </Button>
  );
}
