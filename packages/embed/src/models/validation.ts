import type { IError } from './types.js';

/**
 * A check takes a value and the name it is known by in messages, and returns the first errors found
 * (one list, as the protocol reports them) or undefined when the value is valid.
 */
export type Check = (value: unknown, field: string | undefined) => IError[] | undefined;

/** A field rule of an object schema: name, check, and whether it must be present (not null). */
export interface FieldRule {
  name: string;
  check: Check;
  isRequired?: boolean;
  isForbidden?: boolean;
}

const fail = (message: string): IError[] => [{ message }];

export const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const requiredMessage = (field: string): string => `${field} is required`;
export const forbiddenMessage = (field: string): string => `${field} is forbidden`;
export const invalidMessage = (field: string | undefined): string => `${field} property is invalid`;

/** Any value passes. */
export const anyValue: Check = () => undefined;

export const string: Check = (value, field) => (typeof value === 'string' ? undefined : fail(`${field} must be a string`));

export const boolean: Check = (value, field) => (typeof value === 'boolean' ? undefined : fail(`${field} must be a boolean`));

export const number: Check = (value, field) => (typeof value === 'number' ? undefined : fail(`${field} must be a number`));

/** A number taken from a numeric enum. */
export const numberIn =
  (allowed: readonly number[]): Check =>
  (value, field) =>
    number(value, field) ?? (allowed.includes(value as number) ? undefined : fail(invalidMessage(field)));

/** A string among the allowed ones, with an optional specific message. */
export const stringIn =
  (allowed: readonly string[], message?: (field: string | undefined) => string): Check =>
  (value, field) =>
    string(value, field) ??
    (allowed.includes(value as string) ? undefined : fail(message ? message(field) : invalidMessage(field)));

/** A string that must equal one exact value (used for `$schema`). */
export const stringEquals =
  (expected: string): Check =>
  (value, field) =>
    string(value, field) ?? (value === expected ? undefined : fail(invalidMessage(field)));

/** A number within a closed range. */
export const numberRange =
  (min: number, max: number): Check =>
  (value, field) =>
    number(value, field) ??
    (typeof value === 'number' && value >= min && value <= max
      ? undefined
      : fail(`${field} must be a number between ${min} and ${max}`));

export const arrayOfStrings: Check = (value, field) =>
  Array.isArray(value) && value.every((item) => typeof item === 'string')
    ? undefined
    : fail(`${field} must be an array of strings`);

/** An array whose items all pass `item`; any failure is reported as "{field} property is invalid". */
export const arrayOf =
  (item: Check): Check =>
  (value, field) => {
    if (!Array.isArray(value)) return fail(invalidMessage(field));
    for (const element of value) {
      if (item(element, undefined)) return fail(invalidMessage(field));
    }
    return undefined;
  };

/** Valid when at least one of the alternatives accepts the value. */
export const anyOf =
  (...alternatives: Check[]): Check =>
  (value, field) =>
    alternatives.some((alternative) => !alternative(value, field)) ? undefined : fail(invalidMessage(field));

/** A map from any key to values that pass `item`; the first failing value's errors are reported. */
export const mapOf =
  (item: Check): Check =>
  (value, field) => {
    if (!isPlainObject(value)) return fail(`${field} must be an object`);
    for (const [key, element] of Object.entries(value)) {
      const errors = item(element, key);
      if (errors) return errors;
    }
    return undefined;
  };

/**
 * An object validated field by field in schema order; the first failing field's errors are returned.
 * `extra` runs after the fields pass.
 */
export const object =
  (rules: FieldRule[], extra?: (value: Record<string, unknown>, field: string | undefined) => IError[] | undefined): Check =>
  (value, field) => {
    if (!isPlainObject(value)) return fail(`${field} must be an object`);
    for (const rule of rules) {
      const fieldValue = value[rule.name];
      const isMissing = fieldValue === undefined || fieldValue === null;
      if (rule.isForbidden) {
        if (!isMissing) return fail(forbiddenMessage(rule.name));
        continue;
      }
      if (isMissing) {
        if (rule.isRequired) return fail(requiredMessage(rule.name));
        continue;
      }
      const errors = rule.check(fieldValue, rule.name);
      if (errors) return errors;
    }
    return extra ? extra(value, field) : undefined;
  };

/** Shorthand for an optional field rule. */
export const opt = (name: string, check: Check): FieldRule => ({ name, check });
/** Shorthand for a required field rule. */
export const req = (name: string, check: Check): FieldRule => ({ name, check, isRequired: true });
/** Shorthand for a forbidden field rule. */
export const forbidden = (name: string): FieldRule => ({ name, check: anyValue, isForbidden: true });

/** Runs a top-level object check the way the public validate* functions do ("input must be an object"). */
export const validateTop = (check: Check, input: unknown): IError[] | undefined => {
  if (input === undefined || input === null) return undefined;
  return check(input, 'input');
};
