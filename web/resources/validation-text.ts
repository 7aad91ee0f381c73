import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import type { FieldDefinition } from '../../common/resources/define.js';
import { fieldMessageKey } from '../../common/resources/schemas.js';

/**
 * A field's problem in the reader's language: a problem found before sending (`table.validation.<problem>`),
 * or a server message, translated when it is one of the shared field messages and shown as sent otherwise.
 */
export function useValidationText(): {
  problem: (definition: FieldDefinition | undefined, problem: string) => string;
  server: (definition: FieldDefinition | undefined, messages: readonly string[]) => string;
} {
  const intl = useIntl();
  const problem = useCallback(
    (definition: FieldDefinition | undefined, key: string) => intl.formatMessage({ id: `table.validation.${key}` }, { max: definition?.maxLength ?? 255 }),
    [intl],
  );
  const server = useCallback((definition: FieldDefinition | undefined, messages: readonly string[]) => messages.map((message) => {
    const key = fieldMessageKey(message);
    return key ? problem(definition, key) : message;
  }).join(' '), [problem]);
  return { problem, server };
}
