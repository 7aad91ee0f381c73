import { describe, expect, it } from 'vitest';
import { criterionLabel, parseRule } from './psr.js';

describe('product-specific rule texts', () => {
  it('reads alternatives, combinations, thresholds and bases', () => {
    expect(parseRule('RVC40 or CTH').alternatives).toEqual([[{ kind: 'RVC', threshold: 40 }], [{ kind: 'CTH' }]]);
    expect(parseRule('RVC(40) or CTH').alternatives).toEqual([[{ kind: 'RVC', threshold: 40 }], [{ kind: 'CTH' }]]);
    expect(parseRule('RVC35 and CTSH').alternatives).toEqual([[{ kind: 'RVC', threshold: 35 }, { kind: 'CTSH' }]]);
    expect(parseRule('MaxNOM 50% (EXW)').alternatives).toEqual([[{ kind: 'MaxNOM', threshold: 50, base: 'EXW' }]]);
    expect(parseRule('CTH; or MaxNOM 50% (EXW)').alternatives).toEqual([[{ kind: 'CTH' }], [{ kind: 'MaxNOM', threshold: 50, base: 'EXW' }]]);
    expect(parseRule('WO').alternatives).toEqual([[{ kind: 'WO' }]]);
    expect(parseRule('CC or RVC 40% or CTSH').alternatives.map((alternative) => alternative.map(criterionLabel).join(' + '))).toEqual(['CC', 'RVC 40%', 'CTSH']);
    expect(parseRule('VAC 40% or CTH').alternatives[0]).toEqual([{ kind: 'VAC', threshold: 40 }]);
    expect(parseRule('QVC 40 or CTH').alternatives[0]).toEqual([{ kind: 'QVC', threshold: 40 }]);
    expect(parseRule('RVC 40,5%').alternatives).toEqual([[{ kind: 'RVC', threshold: 40.5 }]]);
  });

  it('reads exceptions to a change of classification', () => {
    expect(parseRule('CTH except from heading 15.11').alternatives).toEqual([[{ kind: 'CTH', exceptFrom: ['1511'] }]]);
    expect(parseRule('CTSH except from 1701.12, 1701.13 and 1701.14').alternatives).toEqual([[{ kind: 'CTSH', exceptFrom: ['170112', '170113', '170114'] }]]);
    expect(criterionLabel({ kind: 'CTH', exceptFrom: ['1511'] })).toBe('CTH except 1511');
  });

  it('keeps what it cannot read for a person to decide, with the alternatives it could', () => {
    const rule = parseRule('Manufacture in which all the materials of Chapter 3 used are wholly obtained or CTH');
    expect(rule).toMatchObject({ manual: true, alternatives: [[{ kind: 'CTH' }]] });
    expect(parseRule('RVC 40% provided the weight of sugar used is no more than 20%')).toMatchObject({ manual: true, alternatives: [] });
    expect(parseRule('')).toEqual({ text: '', alternatives: [], manual: false });
  });
});
