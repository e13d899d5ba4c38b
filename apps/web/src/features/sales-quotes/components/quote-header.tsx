import { NumberInput, Paper, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { PriceTemplate } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuoteCustomers } from '../api/use-sales-quotes';

export interface QuoteHeaderValues {
  CompanyName: string;
  Name: string;
  NumberOfUsers: number;
  PriceTemplateId: number | null;
  CustomerId: number | null;
}

/** Server messages by field (422), shown at the field they name. */
export type HeaderErrors = Partial<Record<'CompanyName' | 'Name' | 'NumberOfUsers' | 'PriceTemplateId' | 'CustomerId', string>>;

/**
 * [M2.2] The quote's header: company name, quote title, total users and price list, and the customer it is for
 * (optional; prices then as that customer pays). Total users not a number resets to 50 when the field is left [M4.5].
 */
export function QuoteHeader(props: {
  values: QuoteHeaderValues;
  usersText: string;
  templates: PriceTemplate[];
  isLoadingTemplates: boolean;
  isReadOnly: boolean;
  errors: HeaderErrors;
  onChange: (values: Partial<Omit<QuoteHeaderValues, 'NumberOfUsers'>>) => void;
  onUsersText: (text: string) => void;
  onUsersCommit: () => void;
  onPriceList: (id: number) => void;
  customerName: string | null;
}) {
  const { t } = useTranslation();
  const [customerSearch, setCustomerSearch] = useState('');
  const [search] = useDebouncedValue(customerSearch.trim(), 300);
  const customers = useQuoteCustomers(search);
  const customerOptions = (customers.data?.Items ?? []).map((c) => ({ value: String(c.AccountId), label: c.DisplayName }));
  if (props.values.CustomerId !== null && !customerOptions.some((o) => o.value === String(props.values.CustomerId)))
    customerOptions.unshift({
      value: String(props.values.CustomerId),
      label: props.customerName ?? String(props.values.CustomerId),
    });
  const { values } = props;
  return (
    <Paper withBorder p="sm" component="section" aria-label={t('salesQuotes.header.label')}>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
        <TextInput
          label={t('salesQuotes.header.company')}
          value={values.CompanyName}
          onChange={(e) => props.onChange({ CompanyName: e.currentTarget.value })}
          error={props.errors.CompanyName ?? (values.CompanyName.trim() === '' ? t('salesQuotes.header.companyRequired') : null)}
          readOnly={props.isReadOnly}
          required
        />
        <TextInput
          label={t('salesQuotes.header.quoteTitle')}
          value={values.Name}
          onChange={(e) => props.onChange({ Name: e.currentTarget.value })}
          error={props.errors.Name ?? (values.Name.trim() === '' ? t('salesQuotes.header.titleRequired') : null)}
          readOnly={props.isReadOnly}
          required
        />
        <NumberInput
          label={t('salesQuotes.header.totalUsers')}
          value={props.usersText}
          onChange={(v) => props.onUsersText(String(v))}
          onBlur={props.onUsersCommit}
          onKeyDown={(e) => e.key === 'Enter' && props.onUsersCommit()}
          allowDecimal={false}
          min={1}
          error={props.errors.NumberOfUsers}
          readOnly={props.isReadOnly}
        />
        <Select
          label={t('salesQuotes.header.priceList')}
          data={props.templates.map((p) => ({ value: String(p.Id), label: p.Name }))}
          value={values.PriceTemplateId === null ? null : String(values.PriceTemplateId)}
          onChange={(v) => v !== null && props.onPriceList(Number(v))}
          allowDeselect={false}
          placeholder={
            props.isLoadingTemplates ? t('salesQuotes.header.loadingPriceLists') : t('salesQuotes.header.choosePriceList')
          }
          nothingFoundMessage={t('salesQuotes.header.noPriceLists')}
          error={props.errors.PriceTemplateId}
          readOnly={props.isReadOnly}
          required
        />
        <Select
          label={t('salesQuotes.header.customer')}
          placeholder={t('salesQuotes.header.prospect')}
          data={customerOptions}
          value={values.CustomerId === null ? null : String(values.CustomerId)}
          onChange={(v) => props.onChange({ CustomerId: v === null ? null : Number(v) })}
          searchable
          clearable
          onSearchChange={setCustomerSearch}
          nothingFoundMessage={t('salesQuotes.header.noCustomers')}
          error={props.errors.CustomerId}
          readOnly={props.isReadOnly}
        />
      </SimpleGrid>
    </Paper>
  );
}
