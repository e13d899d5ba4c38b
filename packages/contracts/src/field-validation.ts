/**
 * Validation of a value against its field definition, shared by the server (which enforces it)
 * and the web app (which shows it while typing).
 *
 * @example
 * validateFieldValue(emailDefinition, 'not-an-email') // 'Enter a valid e-mail address'
 */
import type { FieldDefinition, FieldValue } from './accounts.js';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

function isEmpty(value: FieldValue | undefined): boolean {
  return value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
}

/** yyyy-MM-dd naming a day that exists: Date.parse alone rolls 2025-02-30 over to 2 March. */
function isCalendarDate(text: string): boolean {
  if (!DATE.test(text)) return false;
  const parsed = new Date(`${text}T00:00:00.000Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === text;
}

/** Returns the message to show, or null when the value is valid. */
export function validateFieldValue(def: FieldDefinition, value: FieldValue | undefined): string | null {
  if (isEmpty(value)) return def.IsRequired ? `${def.DisplayName} is required` : null;
  switch (def.DisplayType) {
    case 'Checkbox':
      return typeof value === 'boolean' ? null : `${def.DisplayName} must be yes or no`;
    case 'Number':
      if (typeof value === 'number' ? !Number.isInteger(value) : !/^-?\d+$/.test(String(value))) {
        return `${def.DisplayName} must be a whole number`;
      }
      break;
    case 'Decimal':
    case 'Currency':
      if (!/^-?\d+(\.\d+)?$/.test(String(value))) return `${def.DisplayName} must be a number`;
      break;
    case 'Date':
      if (!isCalendarDate(String(value))) {
        return `${def.DisplayName} must be a date in the form yyyy-MM-dd`;
      }
      break;
    default:
      if (typeof value !== 'string') return `${def.DisplayName} must be text`;
  }
  const text = String(value);
  if (def.MaxLength !== null && text.length > def.MaxLength) {
    return `${def.DisplayName} must be at most ${def.MaxLength} characters`;
  }
  if (def.DisplayType === 'Email' && !EMAIL.test(text)) return 'Enter a valid e-mail address';
  if (def.DisplayType === 'Select' && def.Options.length > 0 && !def.Options.some((o) => o.Value === text)) {
    return `Choose one of the listed values for ${def.DisplayName}`;
  }
  if (def.Pattern !== null && !new RegExp(def.Pattern).test(text)) {
    return def.PatternMessage ?? `${def.DisplayName} has an invalid format`;
  }
  return null;
}

/** Human-readable text of a value, as shown in view mode. */
export function displayFieldValue(def: FieldDefinition, value: FieldValue | undefined): string {
  if (value === null || value === undefined) return '';
  if (def.DisplayType === 'Checkbox') return value === true ? 'Yes' : 'No';
  if (def.DisplayType === 'Password') return value === '' ? '' : '********';
  if (def.DisplayType === 'Select') return def.Options.find((o) => o.Value === value)?.DisplayName ?? String(value);
  return String(value);
}
