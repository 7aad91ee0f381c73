import type { GridColumnVisibilityModel } from '@mui/x-data-grid';
import { useCallback, useState } from 'react';
import type { ResourceDefinition } from '../../common/resources/define.js';
import { type ColumnVisibility, completeVisibility, loadVisibility, saveVisibility } from './column-visibility.js';

/** The columns this user chose to see in this table, remembered in the browser. */
export function useColumnChoice(resource: ResourceDefinition, userId: string) {
  const [visibility, setVisibility] = useState<ColumnVisibility>(() => loadVisibility(window.localStorage, userId, resource));
  const changeVisibility = useCallback((model: GridColumnVisibilityModel) => {
    const complete = completeVisibility(resource, model);
    setVisibility(complete);
    saveVisibility(window.localStorage, userId, resource, complete);
  }, [resource, userId]);
  return { visibility, changeVisibility };
}
