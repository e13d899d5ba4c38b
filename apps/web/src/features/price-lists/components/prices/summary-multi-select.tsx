import { CheckIcon, Combobox, Group, Pill, PillsInput, useCombobox } from '@mantine/core';
import { EXPORT_FILTER_TAGS_SHOWN } from '@portal/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface SummaryMultiSelectProps {
  label: string;
  data: readonly { Value: string; Label: string }[];
  value: string[];
  onChange: (value: string[]) => void;
  placeholder?: string;
}

/**
 * [M9.8] A multiselect whose chosen values show as tags, and as one summary tag ("7 selected") once more
 * than 5 are chosen. Searchable; Backspace removes the last value; the summary tag's remove clears all.
 */
export function SummaryMultiSelect(props: SummaryMultiSelectProps) {
  const { t } = useTranslation();
  const id = useId();
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [search, setSearch] = useState('');
  const labelOf = (v: string) => props.data.find((d) => d.Value === v)?.Label ?? v;
  const toggle = (v: string) =>
    props.onChange(props.value.includes(v) ? props.value.filter((x) => x !== v) : [...props.value, v]);
  const isSummary = props.value.length > EXPORT_FILTER_TAGS_SHOWN;
  const options = props.data
    .filter((d) => d.Label.toLowerCase().includes(search.trim().toLowerCase()))
    .map((d) => (
      <Combobox.Option value={d.Value} key={d.Value} active={props.value.includes(d.Value)}>
        <Group gap="sm">
          {props.value.includes(d.Value) && <CheckIcon size={12} />}
          <span>{d.Label}</span>
        </Group>
      </Combobox.Option>
    ));

  return (
    <Combobox store={combobox} onOptionSubmit={toggle} withinPortal={false}>
      <Combobox.DropdownTarget>
        <PillsInput id={id} label={props.label} onClick={() => combobox.openDropdown()}>
          <Pill.Group>
            {isSummary ? (
              <Pill
                withRemoveButton
                onRemove={() => props.onChange([])}
                removeButtonProps={{ 'aria-label': t('prices.filter.clearAll', { field: props.label }) }}
              >
                {t('prices.filter.summary', { count: props.value.length })}
              </Pill>
            ) : (
              props.value.map((v) => (
                <Pill
                  key={v}
                  withRemoveButton
                  onRemove={() => toggle(v)}
                  removeButtonProps={{ 'aria-label': t('prices.filter.remove', { value: labelOf(v) }) }}
                >
                  {labelOf(v)}
                </Pill>
              ))
            )}
            <Combobox.EventsTarget>
              <PillsInput.Field
                value={search}
                placeholder={props.value.length === 0 ? props.placeholder : undefined}
                onFocus={() => combobox.openDropdown()}
                onBlur={() => combobox.closeDropdown()}
                onChange={(e) => {
                  combobox.updateSelectedOptionIndex();
                  setSearch(e.currentTarget.value);
                }}
                onKeyDown={(e) => {
                  if (e.key === 'Backspace' && search.length === 0 && props.value.length > 0) {
                    e.preventDefault();
                    props.onChange(props.value.slice(0, -1));
                  }
                }}
              />
            </Combobox.EventsTarget>
          </Pill.Group>
        </PillsInput>
      </Combobox.DropdownTarget>
      <Combobox.Dropdown>
        <Combobox.Options mah={220} style={{ overflowY: 'auto' }}>
          {options.length > 0 ? options : <Combobox.Empty>{t('prices.filter.nothing')}</Combobox.Empty>}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
