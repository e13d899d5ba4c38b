import { useState } from 'react';
import { applyInfoPatch, type InfoValues, infoErrorsByInput, infoValuesOf } from '../utils/info-form';
import { InfoTab } from './info-tab';
import type { ServiceTabProps } from './tab-props';

/**
 * The Info tab on the window's tab contract: its inputs are a projection of the document, and a
 * message shows once its input was left or Save was pressed [S2.5], [S5.1].
 */
export function InfoTabPanel({ doc, mode, onChange, errors, showErrors, context }: ServiceTabProps) {
  const [touched, setTouched] = useState<Set<keyof InfoValues>>(new Set());
  const byInput = infoErrorsByInput(errors);
  const shown = Object.fromEntries(
    Object.entries(byInput).filter(([input]) => showErrors || touched.has(input as keyof InfoValues)),
  ) as typeof byInput;
  return (
    <InfoTab
      mode={mode}
      values={infoValuesOf(doc)}
      errors={shown}
      canCreateTags={context?.canCreateTags ?? false}
      onChange={(patch) => onChange(applyInfoPatch(doc, mode, patch))}
      onBlur={(input) => setTouched((s) => new Set(s).add(input))}
    />
  );
}
