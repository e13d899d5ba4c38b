import { Box, Button, Group, Menu } from '@mantine/core';
import type { HelpScreen } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogLoader, lazyPart } from '../../../components/ui/lazy-part';
import { type NewMenuItem, newMenuItems } from '../utils/new-menu';

// The panels' code is fetched when one first opens; pointing at or focusing its button fetches it before.
const asPanel = { fallback: <DialogLoader /> };
const SupportPanel = lazyPart(() => import('./support-panel'), 'SupportPanel', asPanel);
const ChatPanel = lazyPart(() => import('./chat-panel'), 'ChatPanel', asPanel);

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

/** Small icons beside the labels; the labels are always there for screen readers, and shown from the sm breakpoint. */
const ICON_PATHS = {
  new: 'M12 5v14M5 12h14',
  support: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6v.6M12 17h.01',
  chat: 'M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12z',
} as const;

function Icon(props: { name: keyof typeof ICON_PATHS }) {
  return (
    <svg
      width={16}
      height={16}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={ICON_PATHS[props.name]} />
    </svg>
  );
}

function FooterButton(props: {
  icon: keyof typeof ICON_PATHS;
  label: string;
  onClick?: () => void;
  onIntent?: () => void;
  pressed?: boolean;
}) {
  return (
    <Button
      size="compact-sm"
      variant="subtle"
      color="dark"
      aria-label={props.label}
      {...(props.pressed === undefined ? {} : { 'aria-pressed': props.pressed })}
      onClick={props.onClick}
      onPointerEnter={props.onIntent}
      onFocus={props.onIntent}
      leftSection={<Icon name={props.icon} />}
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
  // Each panel is drawn from its first opening on: closing it is animated and the chat keeps its conversation.
  const [opens, setOpens] = useState({ support: false, chat: false });
  const show = (next: 'support' | 'chat' | null) => {
    setPanel(next);
    if (next) setOpens((o) => ({ ...o, [next]: true }));
  };
  const can = (key: string) => props.user.Capabilities.includes(key);
  const items = newMenuItems(props.user.Capabilities);
  return (
    <Group gap={2} wrap="nowrap" style={{ flexShrink: 0 }}>
      {items.length > 0 && (
        <Menu position="top-start" withinPortal>
          <Menu.Target>
            <Button
              size="compact-sm"
              variant="subtle"
              color="dark"
              aria-label={t('help.new.button')}
              leftSection={<Icon name="new" />}
            >
              <Box component="span" visibleFrom="sm" aria-hidden="true">
                {t('help.new.button')}
              </Box>
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {items.map((item) => (
              // A button item (a link inside role=menu breaks its required children); the hash route changes on click.
              <Menu.Item key={item.key} onClick={() => window.location.assign(props.links.create(item.accountType))}>
                {t(`help.new.items.${item.key}`)}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      )}
      {can('SUPPORT_CONTACT_DETAILS_READ') && (
        <FooterButton
          icon="support"
          label={t('help.support.button')}
          onClick={() => show('support')}
          onIntent={SupportPanel.preload}
        />
      )}
      {can('CHAT_BOT_READ') && (
        <FooterButton
          icon="chat"
          label={t('help.chat.button')}
          pressed={panel === 'chat'}
          onClick={() => show(panel === 'chat' ? null : 'chat')}
          onIntent={ChatPanel.preload}
        />
      )}
      {can('SUPPORT_CONTACT_DETAILS_READ') && opens.support && (
        <SupportPanel
          opened={panel === 'support'}
          onClose={() => setPanel(null)}
          canOpenSupportLink={can('WIKI_READ')}
          editHref={props.links.editSupport}
        />
      )}
      {can('CHAT_BOT_READ') && opens.chat && (
        <ChatPanel opened={panel === 'chat'} onClose={() => setPanel(null)} user={props.user} screenHref={props.links.screen} />
      )}
    </Group>
  );
}
