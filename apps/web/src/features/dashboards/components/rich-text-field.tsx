import '@mantine/tiptap/styles.css';
import { Input } from '@mantine/core';
import { DEFAULT_LABELS, RichTextEditor, type RichTextEditorLabels } from '@mantine/tiptap';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * [M3.6] The text widget's rich text: headings, bold, italic, underline, lists, quotes and links. The server
 * sanitises what is saved; the editor only offers what survives that.
 */
export function RichTextField(props: { label: string; value: string; error?: string | null; onChange: (html: string) => void }) {
  const { t } = useTranslation();
  const labelId = useId();
  const errorId = useId();
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        code: false,
        codeBlock: false,
        horizontalRule: false,
        link: { openOnClick: false, autolink: true, protocols: ['http', 'https', 'mailto'], defaultProtocol: 'https' },
      }),
    ],
    content: props.value,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        ...(props.error ? { 'aria-invalid': 'true', 'aria-describedby': errorId } : {}),
      },
    },
    onUpdate: ({ editor: current }) => props.onChange(current.isEmpty ? '' : current.getHTML()),
  });
  const labels: RichTextEditorLabels = {
    ...DEFAULT_LABELS,
    boldControlLabel: t('dashboards.editor.bold'),
    italicControlLabel: t('dashboards.editor.italic'),
    underlineControlLabel: t('dashboards.editor.underline'),
    strikeControlLabel: t('dashboards.editor.strike'),
    clearFormattingControlLabel: t('dashboards.editor.clearFormatting'),
    h2ControlLabel: t('dashboards.editor.heading2'),
    h3ControlLabel: t('dashboards.editor.heading3'),
    bulletListControlLabel: t('dashboards.editor.bulletList'),
    orderedListControlLabel: t('dashboards.editor.orderedList'),
    blockquoteControlLabel: t('dashboards.editor.blockquote'),
    linkControlLabel: t('dashboards.editor.link'),
    unlinkControlLabel: t('dashboards.editor.unlink'),
    linkEditorInputLabel: t('dashboards.editor.linkAddress'),
    linkEditorInputPlaceholder: t('dashboards.editor.linkPlaceholder'),
    linkEditorExternalLink: t('dashboards.editor.linkExternal'),
    linkEditorInternalLink: t('dashboards.editor.linkInternal'),
    linkEditorSave: t('dashboards.editor.linkSave'),
    undoControlLabel: t('dashboards.editor.undo'),
    redoControlLabel: t('dashboards.editor.redo'),
  };
  return (
    <div>
      <Input.Label id={labelId} onClick={() => editor?.commands.focus()}>
        {props.label}
      </Input.Label>
      <RichTextEditor editor={editor} labels={labels} mih={220}>
        <RichTextEditor.Toolbar>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
            <RichTextEditor.Underline />
            <RichTextEditor.Strikethrough />
            <RichTextEditor.ClearFormatting />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.H2 />
            <RichTextEditor.H3 />
            <RichTextEditor.BulletList />
            <RichTextEditor.OrderedList />
            <RichTextEditor.Blockquote />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Link />
            <RichTextEditor.Unlink />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Undo />
            <RichTextEditor.Redo />
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content mih={160} />
      </RichTextEditor>
      {props.error && (
        <Input.Error id={errorId} mt={4}>
          {props.error}
        </Input.Error>
      )}
    </div>
  );
}
