import { Anchor, Stack, Tabs, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useQuoteGroups } from '../api/use-quotes';
import type { QuoteListQuery } from '../utils/list-query';
import { type QuotationTab, visibleTabs } from '../utils/tabs';
import { CreateLink, EmptyState } from './empty-state';
import { ProjectsPanel } from './projects-panel';
import { QuoteDetail } from './quote-detail';
import { QuoteListPanel } from './quote-list-panel';

export interface QuotationToolScreenProps {
  tab: QuotationTab;
  quoteId: number | null;
  /** The list's page, sort and project of the address this render shows. */
  query: QuoteListQuery;
  /**
   * The list's query of the address at this moment (decision 0072): the router renders a navigation in a transition,
   * so the sort headers and the pager build the next query from this one, never from `query` (a sort chosen, then a
   * page at once, would lose the sort).
   */
  readQuery: () => QuoteListQuery;
  capabilities: readonly string[];
  onTabChange: (tab: QuotationTab) => void;
  onQueryChange: (query: QuoteListQuery) => void;
  onQuoteDeleted: () => void;
  hrefForList: (tab: QuotationTab, query?: Partial<QuoteListQuery>) => string;
  hrefForQuote: (tab: QuotationTab, id: number, query?: Partial<QuoteListQuery>) => string;
  /** The quote builder's new quote and a quote's revision in the builder. */
  hrefForNewQuote: string;
  hrefForBuilder: (id: number, revision: number) => string;
  hrefForOrder: (orderNumber: string) => string;
  hrefForOrders: string;
}

/** The heading of one project's quotes, with the way back to the projects. */
function ProjectHeading(props: { groupId: number; hrefForProjects: string }) {
  const { t } = useTranslation();
  const groups = useQuoteGroups();
  const group = groups.data?.Items.find((g) => g.Id === props.groupId);
  return (
    <Stack gap={4}>
      <Anchor href={props.hrefForProjects} size="sm">
        {t('quotationTool.projects.back')}
      </Anchor>
      <Title order={2} size="h4">
        {group ? t('quotationTool.projects.heading', { name: group.Name }) : t('quotationTool.projects.headingUnknown')}
      </Title>
    </Stack>
  );
}

/** [M2.54] [M2.55] #/QuotationTool/{tab}/{quoteId}: My quotes, Projects, Archive and Customer quotes, and a quote. */
export function QuotationToolScreen(props: QuotationToolScreenProps) {
  const { t } = useTranslation();
  const can = (key: string) => props.capabilities.includes(key);
  const canCreate = can('SALESQUOTE_UPDATE');
  const canUpdate = can('QUOTATION_TOOL_UPDATE');
  const canDelete = can('QUOTATION_TOOL_DELETE') || can('SALESQUOTE_DELETE');
  const createQuote = canCreate ? <CreateLink href={props.hrefForNewQuote} label={t('quotationTool.createQuote')} /> : undefined;
  const q = props.query;
  const listOf = (tab: QuotationTab) => {
    if (props.quoteId !== null)
      return (
        <QuoteDetail
          key={props.quoteId}
          id={props.quoteId}
          canUpdate={canUpdate}
          canDelete={canDelete}
          hrefForList={props.hrefForList(tab, q)}
          hrefForBuilder={props.hrefForBuilder}
          hrefForOrder={props.hrefForOrder}
          hrefForOrders={props.hrefForOrders}
          onDeleted={props.onQuoteDeleted}
        />
      );
    if (tab === 'Projects' && q.group === null)
      return <ProjectsPanel canUpdate={canUpdate} hrefForProject={(id) => props.hrefForList('Projects', { group: id })} />;
    const empty =
      tab === 'Quotes' ? (
        <EmptyState
          testId="quotes-empty"
          title={t('quotationTool.empty.quotesTitle')}
          text={t('quotationTool.empty.quotesText')}
          action={createQuote}
        />
      ) : tab === 'CustomerQuotes' ? (
        <EmptyState testId="customer-quotes-empty" title={t('quotationTool.empty.customerQuotesTitle')} action={createQuote} />
      ) : tab === 'Archive' ? (
        <EmptyState
          testId="archive-empty"
          title={t('quotationTool.empty.archiveTitle')}
          text={t('quotationTool.empty.archiveText')}
        />
      ) : (
        <EmptyState
          testId="project-empty"
          title={t('quotationTool.empty.projectTitle')}
          text={t('quotationTool.empty.projectText')}
        />
      );
    return (
      <Stack gap="sm">
        {tab === 'Projects' && q.group !== null && (
          <ProjectHeading groupId={q.group} hrefForProjects={props.hrefForList('Projects')} />
        )}
        <QuoteListPanel
          tab={tab}
          query={q}
          readQuery={props.readQuery}
          onQueryChange={props.onQueryChange}
          hrefForQuote={(id) => props.hrefForQuote(tab, id, q)}
          empty={empty}
          label={t(`quotationTool.tables.${tab}`)}
        />
      </Stack>
    );
  };
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('quotationTool.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('quotationTool.intro')}
      </Text>
      <Tabs value={props.tab} onChange={(v) => v && props.onTabChange(v as QuotationTab)} keepMounted={false}>
        <Tabs.List aria-label={t('quotationTool.tabsLabel')}>
          {visibleTabs(props.capabilities).map((tab) => (
            <Tabs.Tab key={tab} value={tab}>
              {t(`quotationTool.tabs.${tab}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {visibleTabs(props.capabilities).map((tab) => (
          <Tabs.Panel key={tab} value={tab} pt="md">
            {props.tab === tab && listOf(tab)}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
