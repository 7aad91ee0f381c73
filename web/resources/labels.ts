import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { fieldLabelKey, resourceTitleKey, type ResourceDefinition } from '../../common/resources/define.js';

export interface ResourceLabels {
  title: string;
  field: (name: string) => string;
  choice: (field: string, value: string) => string;
}

/**
 * The table's title, its field labels and its choice labels in the reader's language. A key the
 * catalogs lack falls back to the raw name, so a newly defined field is still usable.
 */
export function useResourceLabels(resource: ResourceDefinition): ResourceLabels {
  const intl = useIntl();
  return useMemo(() => {
    const message = (id: string, fallback: string) => (intl.messages[id] !== undefined ? intl.formatMessage({ id }) : fallback);
    return {
      title: message(resourceTitleKey(resource), resource.name),
      field: (name) => {
        const definition = resource.fields[name];
        return definition ? message(fieldLabelKey(name, definition), name) : name;
      },
      choice: (field, value) => message(`choices.${field}.${value}`, value),
    };
  }, [intl, resource]);
}
