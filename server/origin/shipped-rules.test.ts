import { describe, expect, it } from 'vitest';
import { agreementCodes, agreements } from '../../common/agreements.js';
import { parseRule } from '../../common/origin/psr.js';
import { demoOriginRules } from '../lookup/demo-data.js';

describe('the rules of origin Dutybook ships', () => {
  it('all read into criteria: the product-specific rules of a fresh install and every agreement\'s general rule', () => {
    // An agreement without a general rule (EVFTA, UKVFTA, CPTPP) is judged by its product-specific rules alone.
    const texts = [...demoOriginRules.map((row) => row.rule), ...agreementCodes.map((code) => agreements[code].origin.generalRule).filter((text) => text !== '')];
    const unread = texts.filter((text) => { const rule = parseRule(text); return rule.manual || rule.alternatives.length === 0; });
    expect(texts.length).toBeGreaterThan(10);
    expect(unread).toEqual([]);
  });
});
