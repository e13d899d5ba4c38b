import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type DashboardWidget, VideoWidgetSchema } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyPart } from '../../../components/ui/lazy-part';

/** The rich text editor's code (tiptap) is fetched when a text widget is first edited. */
const RichTextField = lazyPart(() => import('./rich-text-field'), 'RichTextField');

/**
 * [M2.10] Edits one widget: a text widget's rich text, or a video widget's YouTube link (checked as the server
 * checks it). Apply puts the change in the dashboard being edited; Save stores the dashboard.
 */
export function WidgetEditorModal(props: {
  title: string;
  widget: DashboardWidget;
  serverError: string | null;
  onApply: (widget: DashboardWidget) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const isPhone = useMediaQuery('(max-width: 48em)');
  const [html, setHtml] = useState(props.widget.type === 'text' ? props.widget.html : '');
  const [url, setUrl] = useState(props.widget.type === 'video' ? props.widget.url : '');
  const [urlError, setUrlError] = useState<string | null>(props.serverError);

  function handleApply() {
    if (props.widget.type === 'text') {
      props.onApply({ type: 'text', html });
      return;
    }
    const checked = VideoWidgetSchema.safeParse({ type: 'video', url });
    if (!checked.success) {
      setUrlError(checked.error.issues[0]?.message ?? t('dashboards.widget.noVideo'));
      return;
    }
    props.onApply(checked.data);
  }

  return (
    <Modal
      opened
      onClose={props.onClose}
      title={props.title}
      size="xl"
      centered
      fullScreen={isPhone ?? false}
      closeButtonProps={{ 'aria-label': t('dashboards.close') }}
    >
      <Stack gap="md">
        {props.widget.type === 'text' ? (
          <RichTextField label={t('dashboards.widget.textLabel')} value={html} error={props.serverError} onChange={setHtml} />
        ) : (
          <TextInput
            label={t('dashboards.widget.urlLabel')}
            description={t('dashboards.widget.urlHint')}
            placeholder="https://www.youtube.com/watch?v=..."
            value={url}
            error={urlError}
            data-autofocus
            onChange={(e) => {
              setUrl(e.currentTarget.value);
              setUrlError(null);
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                handleApply();
              }
            }}
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            {t('dashboards.cancel')}
          </Button>
          <Button onClick={handleApply}>{t('dashboards.widget.apply')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
