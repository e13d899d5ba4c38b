import { Box, Button, Group, Menu } from '@mantine/core';
import type { HelpScreen } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type NewMenuItem, newMenuItems } from '../utils/new-menu';
import { ChatPanel } from './chat-panel';
import { SupportPanel } from './support-panel';

export interface FooterActionsProps {
  user: { AccountId: number; DisplayName: string; Capabilities: readonly string[] };
  links: {
    /** Where a New menu entry leads: the creation wizard of its type, or the import wizard (null type). */
    create: (accountType: NewMenuItem['accountType']) => string;
    /** Where the user edits its organisation's support details; null when it may not. */
    editSupport: string | null;
    screen: (screen: HelpScreen) => string | null;
  };
}

/** Small glyphs beside the labels; the labels are always there for screen readers, and shown from the sm breakpoint. */
const GLYPH = { new: '+', support: '?', chat: '💬' } as const;

function FooterButton(props: { glyph: string; label: string; onClick?: () => void; pressed?: boolean }) {
  return (
    <Button
      size="compact-sm"
      variant="subtle"
      aria-label={props.label}
      {...(props.pressed === undefined ? {} : { 'aria-pressed': props.pressed })}
      onClick={props.onClick}
      leftSection={<span aria-hidden="true">{props.glyph}</span>}
    >
      <Box component="span" visibleFrom="sm" aria-hidden="true">
        {props.label}
      </Box>
    </Button>
  );
}

/**
 * The footer's actions: [M2.57] the New menu (only what the user may create [M6.12]), [M2.58] Support
 * (SUPPORT_CONTACT_DETAILS_READ) and [M2.59] the chat assistant's toggle (CHAT_BOT_READ) [M6.13].
 */
export function FooterActions(props: FooterActionsProps) {
  const { t } = useTranslation();
  const [panel, setPanel] = useState<'support' | 'chat' | null>(null);
  const can = (key: string) => props.user.Capabilities.includes(key);
  const items = newMenuItems(props.user.Capabilities);
  return (
    <Group gap={4} wrap="nowrap">
      {items.length > 0 && (
        <Menu position="top-start" withinPortal>
          <Menu.Target>
            <Button
              size="compact-sm"
              variant="subtle"
              aria-label={t('help.new.button')}
              leftSection={<span aria-hidden="true">{GLYPH.new}</span>}
            >
              <Box component="span" visibleFrom="sm" aria-hidden="true">
                {t('help.new.button')}
              </Box>
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Label>{t('help.new.label')}</Menu.Label>
            {items.map((item) => (
              <Menu.Item key={item.key} component="a" href={props.links.create(item.accountType)}>
                {t(`help.new.items.${item.key}`)}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      )}
      {can('SUPPORT_CONTACT_DETAILS_READ') && (
        <FooterButton glyph={GLYPH.support} label={t('help.support.button')} onClick={() => setPanel('support')} />
      )}
      {can('CHAT_BOT_READ') && (
        <FooterButton
          glyph={GLYPH.chat}
          label={t('help.chat.button')}
          pressed={panel === 'chat'}
          onClick={() => setPanel(panel === 'chat' ? null : 'chat')}
        />
      )}
      {can('SUPPORT_CONTACT_DETAILS_READ') && (
        <SupportPanel
          opened={panel === 'support'}
          onClose={() => setPanel(null)}
          canOpenSupportLink={can('WIKI_READ')}
          editHref={props.links.editSupport}
        />
      )}
      {can('CHAT_BOT_READ') && (
        <ChatPanel opened={panel === 'chat'} onClose={() => setPanel(null)} user={props.user} screenHref={props.links.screen} />
      )}
    </Group>
  );
}
