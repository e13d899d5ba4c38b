import { Text, TypographyStylesProvider } from '@mantine/core';
import { type DashboardWidget, youtubeEmbedUrl } from '@portal/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { safeWidgetHtml } from '../utils/safe-html';

/** A text widget's rich text, put in the page only after `safeWidgetHtml` (no script or event handler can run). */
function TextWidgetView(props: { html: string }) {
  const { t } = useTranslation();
  const html = useMemo(() => safeWidgetHtml(props.html), [props.html]);
  if (html.trim() === '')
    return (
      <Text size="sm" c="dimmed">
        {t('dashboards.widget.emptyText')}
      </Text>
    );
  return (
    <TypographyStylesProvider p={0} style={{ overflowWrap: 'anywhere' }}>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server and again by safeWidgetHtml */}
      <div data-testid="dashboard-text-widget" dangerouslySetInnerHTML={{ __html: html }} />
    </TypographyStylesProvider>
  );
}

/** A video widget: the YouTube video in its privacy-enhanced (no-cookie) player, 16:9, titled for screen readers. */
function VideoWidgetView(props: { url: string; title: string }) {
  const { t } = useTranslation();
  const embed = youtubeEmbedUrl(props.url);
  if (!embed)
    return (
      <Text size="sm" c="dimmed">
        {t('dashboards.widget.noVideo')}
      </Text>
    );
  return (
    <div style={{ position: 'relative', width: '100%', aspectRatio: '16 / 9', maxHeight: '100%' }}>
      <iframe
        src={embed}
        title={props.title}
        style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', border: 0 }}
        allow="accelerometer; encrypted-media; gyroscope; picture-in-picture; fullscreen"
        referrerPolicy="strict-origin-when-cross-origin"
        sandbox="allow-scripts allow-same-origin allow-presentation allow-popups"
        loading="lazy"
      />
    </div>
  );
}

/** One widget as users see it; an unknown widget type shows nothing and is only logged [M8.4]. */
export function WidgetView(props: { widget: DashboardWidget; videoTitle: string }) {
  const widget = props.widget as { type: string; html?: string; url?: string };
  if (widget.type === 'text') return <TextWidgetView html={widget.html ?? ''} />;
  if (widget.type === 'video') return <VideoWidgetView url={widget.url ?? ''} title={props.videoTitle} />;
  console.warn(`Dashboard: unknown widget type ${widget.type}`);
  return null;
}
