import { Button, Group, Modal, Select, Slider, Stack, Text, TextInput } from '@mantine/core';
import { NEW_QUOTE_DEFAULTS, NEW_QUOTE_USERS_MAX, NEW_QUOTE_USERS_MIN, type PriceTemplate } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface NewQuoteValues {
  CompanyName: string;
  Name: string;
  NumberOfUsers: number;
  PriceTemplateId: number | null;
}

/**
 * [M2.3] [M9.1] [M5.9] The new-quote modal: company name, title, users (slider 1 to 100, starting at 1) and the
 * price list (the first one the caller may quote from).
 */
export function NewQuoteModal(props: {
  templates: PriceTemplate[];
  isLoadingTemplates: boolean;
  onCreate: (values: NewQuoteValues) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [companyName, setCompanyName] = useState<string>(NEW_QUOTE_DEFAULTS.CompanyName);
  const [name, setName] = useState<string>(NEW_QUOTE_DEFAULTS.Name);
  const [users, setUsers] = useState<number>(NEW_QUOTE_DEFAULTS.NumberOfUsers);
  const [priceList, setPriceList] = useState<string | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const chosen = priceList ?? (props.templates[0] ? String(props.templates[0].Id) : null);
  const errors = {
    companyName: companyName.trim() === '' ? t('salesQuotes.header.companyRequired') : null,
    name: name.trim() === '' ? t('salesQuotes.header.titleRequired') : null,
    priceList: chosen === null ? t('salesQuotes.header.priceListRequired') : null,
  };
  const isValid = !errors.companyName && !errors.name && !errors.priceList;

  function handleCreate() {
    setSubmitted(true);
    if (!isValid) return;
    props.onCreate({ CompanyName: companyName.trim(), Name: name.trim(), NumberOfUsers: users, PriceTemplateId: Number(chosen) });
  }

  return (
    <Modal
      opened
      onClose={props.onClose}
      title={t('salesQuotes.new.title')}
      centered
      closeButtonProps={{ 'aria-label': t('salesQuotes.close') }}
    >
      <Stack
        component="form"
        onSubmit={(e) => {
          e.preventDefault();
          handleCreate();
        }}
      >
        <TextInput
          label={t('salesQuotes.header.company')}
          value={companyName}
          onChange={(e) => setCompanyName(e.currentTarget.value)}
          error={submitted ? errors.companyName : null}
          required
          data-autofocus
        />
        <TextInput
          label={t('salesQuotes.header.quoteTitle')}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={submitted ? errors.name : null}
          required
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="new-quote-users">
            {t('salesQuotes.new.users', { count: users })}
          </Text>
          <Slider
            value={users}
            onChange={setUsers}
            min={NEW_QUOTE_USERS_MIN}
            max={NEW_QUOTE_USERS_MAX}
            marks={[
              { value: NEW_QUOTE_USERS_MIN, label: String(NEW_QUOTE_USERS_MIN) },
              { value: NEW_QUOTE_USERS_MAX, label: String(NEW_QUOTE_USERS_MAX) },
            ]}
            thumbLabel={t('salesQuotes.new.usersSlider')}
            mb="md"
          />
        </Stack>
        <Select
          label={t('salesQuotes.header.priceList')}
          data={props.templates.map((p) => ({ value: String(p.Id), label: p.Name }))}
          value={chosen}
          onChange={setPriceList}
          allowDeselect={false}
          placeholder={props.isLoadingTemplates ? t('salesQuotes.header.loadingPriceLists') : undefined}
          error={submitted ? errors.priceList : null}
          nothingFoundMessage={t('salesQuotes.header.noPriceLists')}
          comboboxProps={{ withinPortal: false }}
          required
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            {t('salesQuotes.cancel')}
          </Button>
          <Button type="submit">{t('salesQuotes.new.create')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
