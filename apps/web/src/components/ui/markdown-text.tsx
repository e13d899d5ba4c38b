import { Box } from '@mantine/core';
import { renderMarkdown } from '../../lib/markdown';

/**
 * Markdown as the service tool writes it (descriptions, terms, the post-creation message [S2.10] [S2.11]), shown as
 * formatted text wherever it appears: renderMarkdown sanitises the HTML.
 */
export function MarkdownText(props: { text: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the HTML is sanitised (DOMPurify in renderMarkdown)
  return <Box className="markdown-preview" fz="sm" dangerouslySetInnerHTML={{ __html: renderMarkdown(props.text) }} />;
}
