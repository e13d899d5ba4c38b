import { Box, Paper, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { renderMarkdown } from '../../../lib/markdown';

export interface MarkdownEditorProps {
  label: string;
  value: string;
  onChange: (text: string) => void;
  /** With a limit the remaining characters are counted down [S5.4]. */
  maxLength?: number;
  error?: string;
  minRows?: number;
  withAsterisk?: boolean;
}

/**
 * A markdown text area with a live, sanitised preview beside it [S2.10], [S2.11]; with maxLength
 * it shows the remaining characters.
 */
export function MarkdownEditor({ label, value, onChange, maxLength, error, minRows = 8, withAsterisk }: MarkdownEditorProps) {
  const { t } = useTranslation();
  const previewId = useId();
  const html = useMemo(() => renderMarkdown(value), [value]);
  const remaining = maxLength === undefined ? null : maxLength - value.length;
  return (
    <SimpleGrid cols={2} spacing="md">
      <Textarea
        label={label}
        withAsterisk={withAsterisk}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
        autosize
        minRows={minRows}
        maxRows={20}
        error={error}
        description={
          remaining === null ? t('serviceToolTabs.markdown.help') : t('serviceToolTabs.markdown.remaining', { count: remaining })
        }
        styles={remaining !== null && remaining < 0 ? { description: { color: 'var(--mantine-color-error)' } } : undefined}
      />
      <Stack gap={4}>
        <Text size="sm" fw={500} id={previewId}>
          {t('serviceToolTabs.markdown.preview')}
        </Text>
        <Paper withBorder p="sm" mih={120} role="region" aria-labelledby={previewId}>
          {value.trim() === '' ? (
            <Text size="sm" c="dimmed">
              {t('serviceToolTabs.markdown.empty')}
            </Text>
          ) : (
            // Sanitised by DOMPurify in renderMarkdown.
            // biome-ignore lint/security/noDangerouslySetInnerHtml: the HTML is sanitised
            <Box className="markdown-preview" fz="sm" dangerouslySetInnerHTML={{ __html: html }} />
          )}
        </Paper>
      </Stack>
    </SimpleGrid>
  );
}
