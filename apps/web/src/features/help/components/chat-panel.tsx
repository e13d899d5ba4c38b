import { Anchor, Box, Button, Drawer, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { CHAT_QUESTION_MAX_LENGTH, type ChatMessage, type HelpArticleMatch, type HelpScreen } from '@portal/contracts';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOpenedAfterMount } from '../../../components/ui/lazy-part';
import { useAskChatBot, useHandOverChat } from '../api/use-chat';

export interface ChatPanelProps {
  opened: boolean;
  onClose: () => void;
  user: { AccountId: number; DisplayName: string };
  /** The in-app link of the screen an article is about, or null when it has none to link to. */
  screenHref: (screen: HelpScreen) => string | null;
}

interface Entry {
  id: number;
  from: 'User' | 'Assistant';
  text: string;
  articles?: HelpArticleMatch[];
}

/** What the support contact reads of the conversation: the user's words, the assistant's answers and article titles. */
function transcript(entries: readonly Entry[]): ChatMessage[] {
  return entries.map((e) => ({
    From: e.from,
    Text: [e.text, ...(e.articles ?? []).map((a) => `- ${a.Title}`)].join('\n').slice(0, 2000),
  }));
}

/** [M2.59] The chat assistant: a greeting, answers from the help articles, and a hand-over to a person. */
export function ChatPanel(props: ChatPanelProps) {
  const { t } = useTranslation();
  const ask = useAskChatBot(props.user.AccountId);
  const handOver = useHandOverChat(props.user.AccountId);
  const isOpened = useOpenedAfterMount(props.opened);
  const [question, setQuestion] = useState('');
  const [entries, setEntries] = useState<Entry[]>(() => [
    { id: 0, from: 'Assistant', text: t('help.chat.greeting', { name: props.user.DisplayName }) },
  ]);
  const nextId = useRef(1);
  const endRef = useRef<HTMLDivElement>(null);
  const isBusy = ask.isPending || handOver.isPending;

  const add = (entry: Omit<Entry, 'id'>) => {
    const id = nextId.current++;
    setEntries((all) => [...all, { ...entry, id }]);
    return id;
  };
  const entriesCount = entries.length;
  useEffect(() => {
    if (entriesCount > 1) endRef.current?.scrollIntoView?.({ block: 'end' });
  }, [entriesCount]);

  function startHandOver(history: Entry[]) {
    handOver.mutate(transcript(history), {
      onSuccess: (result) =>
        add({
          from: 'Assistant',
          text: result.Sent
            ? t('help.chat.handedOver', { email: result.SentTo, name: result.DisplayName })
            : t('help.chat.noSupportEmail'),
        }),
      onError: (error) => add({ from: 'Assistant', text: t('help.chat.failed', { message: error.message }) }),
    });
  }

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const text = question.trim();
    if (text === '' || isBusy) return;
    setQuestion('');
    const asked: Entry = { id: nextId.current++, from: 'User', text };
    const history = [...entries, asked];
    setEntries(history);
    ask.mutate(text, {
      onSuccess: (answer) => {
        if (answer.Kind === 'HandOver') {
          add({ from: 'Assistant', text: t('help.chat.handingOver') });
          startHandOver(history);
        } else if (answer.Kind === 'NoMatch') add({ from: 'Assistant', text: t('help.chat.noMatch') });
        else add({ from: 'Assistant', text: t('help.chat.found', { count: answer.Articles.length }), articles: answer.Articles });
      },
      onError: (error) => add({ from: 'Assistant', text: t('help.chat.failed', { message: error.message }) }),
    });
  }

  function handleTalkToPerson() {
    if (isBusy) return;
    const asked: Entry = { id: nextId.current++, from: 'User', text: t('help.chat.talkToPerson') };
    const history = [...entries, asked];
    setEntries(history);
    startHandOver(history);
  }

  return (
    <Drawer
      opened={isOpened}
      onClose={props.onClose}
      position="right"
      size="md"
      keepMounted
      title={
        <Text fw={700} size="lg" component="h2" m={0}>
          {t('help.chat.title')}
        </Text>
      }
      closeButtonProps={{ 'aria-label': t('help.chat.close') }}
    >
      <Stack gap="sm">
        <Stack gap="xs" role="log" aria-live="polite" aria-label={t('help.chat.conversation')}>
          {entries.map((entry) => (
            <Paper
              key={entry.id}
              p="xs"
              withBorder
              bg={entry.from === 'User' ? 'var(--mantine-color-blue-light)' : undefined}
              ml={entry.from === 'User' ? 'xl' : 0}
              mr={entry.from === 'User' ? 0 : 'xl'}
            >
              <Text size="xs" c="dimmed" fw={600}>
                {entry.from === 'User' ? t('help.chat.you') : t('help.chat.assistant')}
              </Text>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {entry.text}
              </Text>
              {entry.articles && (
                <Stack gap="xs" mt="xs" component="ul" p={0} style={{ listStyle: 'none' }}>
                  {entry.articles.map((article) => {
                    const link = props.screenHref(article.Screen);
                    return (
                      <Box component="li" key={article.Slug}>
                        <Text size="sm" fw={600}>
                          {article.Title}
                        </Text>
                        <Text size="sm">{article.Excerpt}</Text>
                        <Group gap="sm">
                          {link && (
                            <Anchor href={link} size="sm" onClick={props.onClose}>
                              {t('help.chat.openScreen', { title: article.Title })}
                            </Anchor>
                          )}
                        </Group>
                        <details>
                          <summary>
                            <Text span size="sm">
                              {t('help.chat.readArticle')}
                            </Text>
                          </summary>
                          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                            {article.Body}
                          </Text>
                        </details>
                      </Box>
                    );
                  })}
                </Stack>
              )}
            </Paper>
          ))}
          {isBusy && (
            <Text size="sm" c="dimmed" role="status">
              {t('help.chat.thinking')}
            </Text>
          )}
          <div ref={endRef} />
        </Stack>
        <form onSubmit={handleSubmit}>
          <Stack gap="xs">
            <TextInput
              label={t('help.chat.question')}
              value={question}
              maxLength={CHAT_QUESTION_MAX_LENGTH}
              onChange={(event) => setQuestion(event.currentTarget.value)}
              placeholder={t('help.chat.placeholder')}
              data-autofocus
            />
            <Group justify="space-between">
              <Button variant="default" onClick={handleTalkToPerson} disabled={isBusy}>
                {t('help.chat.talkToPerson')}
              </Button>
              <Button type="submit" loading={ask.isPending} disabled={question.trim() === ''}>
                {t('help.chat.send')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
    </Drawer>
  );
}
