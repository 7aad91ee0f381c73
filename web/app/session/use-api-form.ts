import { useMutation } from '@tanstack/react-query';
import { type ChangeEvent, type FormEvent, useCallback, useState } from 'react';
import { useIntl } from 'react-intl';
import type { ZodType } from 'zod';
import { ApiError } from '../api.js';
import { useErrorText } from './error-text.js';

/** Field name → the catalog id of its message. The shared schemas' own texts are English only. */
export type FieldMessageIds = Record<string, string>;

/** Which fields fail the schema, each with its message id (the first failing path segment names the field). */
export function invalidFields(schema: ZodType, payload: unknown, messageIds: FieldMessageIds, fallbackId: string): Record<string, string> | null {
  const result = schema.safeParse(payload);
  if (result.success) return null;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const name = String(issue.path[0] ?? '');
    fields[name] ??= messageIds[name] ?? fallbackId;
  }
  return fields;
}

interface ApiFormOptions<V, P, R> {
  initial: V;
  /** Turns what the inputs hold into the request payload (e.g. empty text → null). */
  toPayload: (values: V) => P;
  /** Checked before sending; a failing field shows `messageIds[field]`. */
  schema?: ZodType;
  messageIds?: FieldMessageIds;
  /** Extra checks the schema cannot make (two inputs agreeing); field → message id. */
  check?: (values: V) => Record<string, string> | null;
  submit: (payload: P) => Promise<R>;
  onSuccess?: (result: R, values: V) => void | Promise<void>;
  /** Handles an error itself when it returns true (e.g. an unverified account moves on to the code screen). */
  onError?: (error: unknown, values: V) => boolean;
}

/**
 * A form bound to one API call: client-side checks with the shared schema, then the call; a rejected
 * call shows the server's field errors under their inputs and its message above the buttons, and
 * keeps everything the user typed.
 */
export function useApiForm<V extends Record<string, string>, P, R>(options: ApiFormOptions<V, P, R>) {
  const intl = useIntl();
  const errorText = useErrorText();
  const [values, setValues] = useState<V>(options.initial);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const mutation = useMutation({ mutationFn: options.submit });

  const setValue = useCallback((name: keyof V & string, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    setFieldErrors((current) => {
      if (!(name in current)) return current;
      const { [name]: _removed, ...rest } = current;
      return rest;
    });
  }, []);

  const field = (name: keyof V & string) => ({
    name,
    value: values[name],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => setValue(name, event.target.value),
    error: fieldErrors[name] !== undefined,
    helperText: fieldErrors[name],
  });

  /** The same for a `DateField`, which hands over its value rather than an input event. */
  const dateField = (name: keyof V & string) => ({
    name,
    value: values[name],
    onChange: (value: string) => setValue(name, value),
    error: fieldErrors[name],
  });

  const onSubmit = (event?: FormEvent) => {
    event?.preventDefault();
    setFormError(null);
    const payload = options.toPayload(values);
    const invalid = {
      ...(options.schema ? invalidFields(options.schema, payload, options.messageIds ?? {}, 'auth.validation.invalid') : null),
      ...options.check?.(values),
    };
    if (Object.keys(invalid).length > 0) {
      setFieldErrors(Object.fromEntries(Object.entries(invalid).map(([name, id]) => [name, intl.formatMessage({ id })])));
      return;
    }
    setFieldErrors({});
    mutation.mutate(payload, {
      onSuccess: (result) => options.onSuccess?.(result, values),
      onError: (error) => {
        if (options.onError?.(error, values)) return;
        const serverFields = error instanceof ApiError ? error.fields : {};
        // A specific refusal (a weak password, a taken address) reads best under its field in the user's language;
        // a validation error keeps the server's text per field, which names what each field lacks, unless the text is
        // a code the catalogs word (`errors.fields.<code>`, e.g. an embed address off the allowed report origins).
        const specific = error instanceof ApiError && error.code !== 'validation_error';
        const fieldText = (message: string) => (intl.messages[`errors.fields.${message}`] !== undefined ? intl.formatMessage({ id: `errors.fields.${message}` }) : message);
        setFieldErrors(Object.fromEntries(Object.entries(serverFields).map(([name, messages]) => [name, specific ? errorText(error) : messages.map(fieldText).join(' ')])));
        setFormError(errorText(error));
      },
    });
  };

  return { values, setValues, setValue, field, dateField, fieldErrors, formError, setFormError, onSubmit, submitting: mutation.isPending };
}
