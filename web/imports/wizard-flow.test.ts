import { describe, expect, it } from 'vitest';
import type { ImportRecord, UploadAnswer } from './import-api.js';
import { initialHeaderInputs } from './use-header-selection.js';
import { initialWizard, type MappingState, type WizardState, wizardReducer } from './wizard-flow.js';

const upload = (id: string, sheets: string[]): UploadAnswer => ({ upload_id: id, file_name: `${id}.xlsx`, size: 1, format: 'xlsx', sheets });
const range = { colStart: 'A', colEnd: 'C', headerFrom: 1, headerTo: 1 };
const mapping: MappingState = {
  key: 'k',
  sources: { code: { kind: 'column', column: 'A' }, name: { kind: 'column', column: 'B' }, unit: { kind: 'none' } },
  matches: {},
  constants: {},
};

/** A wizard at the mapping step of `first.xlsx`, its mapping changed and saved. */
function atMapping(): WizardState {
  let state = wizardReducer(initialWizard('normal'), { type: 'uploaded', upload: upload('first', ['Sheet1', 'Sheet2']) });
  state = wizardReducer(state, { type: 'editHeader', inputs: { ...initialHeaderInputs, start: 'A1', end: 'C1', touched: true } });
  state = wizardReducer(state, { type: 'headersFetched', fetched: { sheet: 'Sheet1', range, headers: { A: 'Code' } } });
  state = wizardReducer(state, { type: 'chooseSource', mapping, field: 'unit', source: { kind: 'constant' } });
  state = wizardReducer(state, { type: 'setupSaved', key: 'saved' });
  state = wizardReducer(state, { type: 'next' });
  return wizardReducer(state, { type: 'next' });
}

describe('import wizard flow', () => {
  it('starts a new workbook on its first sheet, with the header, mapping and setup of the last one gone', () => {
    const state = wizardReducer(atMapping(), { type: 'uploaded', upload: upload('second', ['Tờ khai']) });
    expect(state).toMatchObject({ sheet: 'Tờ khai', headerInputs: initialHeaderInputs, fetched: null, mapping: null, savedSetupKey: null });
    expect(wizardReducer(state, { type: 'uploaded', upload: upload('empty', []) }).sheet).toBe('');
  });

  it('gives a column to one field only: choosing it for another leaves the first without', () => {
    const state = wizardReducer(initialWizard('normal'), { type: 'chooseSource', mapping, field: 'unit', source: { kind: 'column', column: 'A' } });
    expect(state.mapping?.sources).toEqual({ code: { kind: 'none' }, name: { kind: 'column', column: 'B' }, unit: { kind: 'column', column: 'A' } });
    expect(mapping.sources.code).toEqual({ kind: 'column', column: 'A' });
  });

  it('keeps the values typed for one-value fields on the mapping shown', () => {
    const state = wizardReducer(initialWizard('normal'), { type: 'typeConstant', mapping, field: 'unit', value: 'KGM' });
    expect(state.mapping).toEqual({ ...mapping, constants: { unit: 'KGM' } });
  });

  it('chooses another sheet with the header cells guessed again', () => {
    const state = wizardReducer(atMapping(), { type: 'chooseSheet', sheet: 'Sheet2' });
    expect(state).toMatchObject({ sheet: 'Sheet2', headerInputs: initialHeaderInputs });
    expect(state.fetched).not.toBeNull();
  });

  it('imports another file from the upload step, in the same mode and on the same sheet', () => {
    const record = { id: 7, status: 'succeeded' } as ImportRecord;
    let state = wizardReducer(atMapping(), { type: 'chooseMode', mode: 'amendment' });
    state = wizardReducer(state, { type: 'importStarted', record });
    expect(state.started).toBe(record);
    state = wizardReducer(state, { type: 'restart' });
    expect(state).toMatchObject({ mode: 'amendment', sheet: 'Sheet1', step: 0, upload: null, fetched: null, mapping: null, savedSetupKey: null, started: null });
  });

  it('moves one step back and forth', () => {
    const state = atMapping();
    expect(state.step).toBe(2);
    expect(wizardReducer(state, { type: 'back' }).step).toBe(1);
  });
});
