import type { FetchedHeaders } from './HeaderStep.js';
import type { ColumnMatch } from './header-match.js';
import type { ImportMode, ImportRecord, UploadAnswer } from './import-api.js';
import type { FieldSource } from './import-payload.js';
import { type HeaderInputs, initialHeaderInputs } from './use-header-selection.js';

export const wizardSteps = ['upload', 'header', 'mapping', 'extra'] as const;

/** The mapping as the user left it, for the sheet, header and mode it was made on (`key`). */
export interface MappingState {
  key: string;
  sources: Record<string, FieldSource>;
  matches: Record<string, ColumnMatch>;
  constants: Record<string, string>;
}

/**
 * What the user has done in the wizard so far. What follows from it (the header range in force,
 * the proposed mapping) is derived; this holds only what a later choice can throw away.
 */
export interface WizardState {
  mode: ImportMode;
  /** Index into `wizardSteps`. */
  step: number;
  upload: UploadAnswer | null;
  sheet: string;
  headerInputs: HeaderInputs;
  fetched: FetchedHeaders | null;
  /** `null` until the user changes the proposed mapping. */
  mapping: MappingState | null;
  /** The mapping whose setup the server has saved; Next waits for it. */
  savedSetupKey: string | null;
  /** The import once the server has queued it: the wizard then shows its progress. */
  started: ImportRecord | null;
}

export type WizardAction =
  | { type: 'chooseMode'; mode: ImportMode }
  | { type: 'uploaded'; upload: UploadAnswer }
  | { type: 'chooseSheet'; sheet: string }
  | { type: 'editHeader'; inputs: HeaderInputs }
  | { type: 'headersFetched'; fetched: FetchedHeaders }
  /** `mapping` is the one shown, which may still be the proposal. */
  | { type: 'chooseSource'; mapping: MappingState; field: string; source: FieldSource }
  | { type: 'typeConstant'; mapping: MappingState; field: string; value: string }
  | { type: 'setupSaved'; key: string | null }
  | { type: 'back' }
  | { type: 'next' }
  | { type: 'importStarted'; record: ImportRecord }
  | { type: 'restart' };

export const initialWizard = (mode: ImportMode): WizardState => ({
  mode, step: 0, upload: null, sheet: '', headerInputs: initialHeaderInputs, fetched: null, mapping: null, savedSetupKey: null, started: null,
});

export function wizardReducer(state: WizardState, action: WizardAction): WizardState {
  switch (action.type) {
    case 'chooseMode': return { ...state, mode: action.mode };
    // A new workbook starts over from its first sheet: headers, mapping and setup belonged to the last one.
    case 'uploaded': return {
      ...state, upload: action.upload, fetched: null, mapping: null, savedSetupKey: null, sheet: action.upload.sheets[0] ?? '', headerInputs: initialHeaderInputs,
    };
    case 'chooseSheet': return { ...state, sheet: action.sheet, headerInputs: initialHeaderInputs };
    case 'editHeader': return { ...state, headerInputs: action.inputs };
    case 'headersFetched': return { ...state, fetched: action.fetched };
    case 'chooseSource': {
      const sources = { ...action.mapping.sources };
      // A column serves one field: choosing it for this one takes it from the other.
      if (action.source.kind === 'column') {
        for (const [name, other] of Object.entries(sources)) {
          if (other.kind === 'column' && other.column === action.source.column) sources[name] = { kind: 'none' };
        }
      }
      sources[action.field] = action.source;
      return { ...state, mapping: { ...action.mapping, sources } };
    }
    case 'typeConstant':
      return { ...state, mapping: { ...action.mapping, constants: { ...action.mapping.constants, [action.field]: action.value } } };
    case 'setupSaved': return { ...state, savedSetupKey: action.key };
    case 'back': return { ...state, step: state.step - 1 };
    case 'next': return { ...state, step: state.step + 1 };
    case 'importStarted': return { ...state, started: action.record };
    // Another file of the same kind: the mode, sheet and header cells stay as they were.
    case 'restart': return { ...state, started: null, upload: null, fetched: null, mapping: null, savedSetupKey: null, step: 0 };
  }
}
