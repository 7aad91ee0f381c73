import { describe, expect, it } from 'vitest';
import en from '../i18n/en.json' with { type: 'json' };
import ko from '../i18n/ko.json' with { type: 'json' };
import vi from '../i18n/vi.json' with { type: 'json' };
import { IntlMessageFormat } from 'intl-messageformat';
import { agreements } from '../agreements.js';
import { businessSections, type Catalog, flattenCatalog } from '../i18n/locales.js';
import { criterionFormula, describeRule, type Translate, unloadedRuleNote } from './describe.js';

const translator = (catalog: Catalog, locale: string): Translate => {
  const texts = flattenCatalog(catalog);
  return (key, values) => new IntlMessageFormat(texts[key]!, locale).format(values) as string;
};
const [english, vietnamese, korean] = [translator(en, 'en'), translator(vi as Catalog, 'vi'), translator(ko as Catalog, 'ko')];

describe('rules of origin in words', () => {
  it('writes a rule in the reader\'s language, alternatives and criteria joined in it', () => {
    expect(describeRule('RVC40 or CTH', vietnamese)).toBe('Hàm lượng giá trị khu vực (RVC) ≥ 40%; hoặc Chuyển đổi Nhóm (CTH)');
    expect(describeRule('RVC35 and CTSH', english)).toBe('Regional value content (RVC) ≥ 35% and Change of subheading (CTSH)');
    expect(describeRule('CTH; or MaxNOM 50% (EXW)', korean)).toBe('호 변경(CTH); 또는 비원산지 재료 ≤ EXW 가격의 50%(MaxNOM)');
    expect(describeRule('CTSH except from 1701.12, 1701.13 and 1701.14', vietnamese)).toBe('Chuyển đổi Phân nhóm (CTSH), trừ từ 1701.12, 1701.13, 1701.14');
    // What the reader cannot read stays as published.
    expect(describeRule('Manufacture in which all the materials of Chapter 3 used are wholly obtained', vietnamese)).toBe('Manufacture in which all the materials of Chapter 3 used are wholly obtained');
  });

  it('writes a rule with the part of the catalog visitors load, for the public code pages', () => {
    const visible = flattenCatalog(Object.fromEntries(Object.entries(ko).filter(([section]) => !businessSections.includes(section))) as Catalog);
    // A message the visitor's catalog lacks shows as its key, as react-intl does.
    const visitor: Translate = (key, values) => (visible[key] === undefined ? key : new IntlMessageFormat(visible[key], 'ko').format(values) as string);
    expect(describeRule('RVC40 or CTH', visitor)).toBe(describeRule('RVC40 or CTH', korean));
    expect(describeRule('QVC40 or CTSH except from 1701.12', visitor)).not.toMatch(/ruleWords|origin\./);
  });

  it('gives each criterion its own formula, on the agreement\'s base and de minimis', () => {
    expect(criterionFormula('RVC', agreements.ATIGA.origin, vietnamese)).toBe('RVC = (Giá FOB − VNM) / Giá FOB × 100% (phương pháp gián tiếp)');
    expect(criterionFormula('CTH', agreements.EV.origin, english)).toBe('Every non-originating material changes heading, or those that do not stay within 10% of the EXW price (de minimis)');
    expect(criterionFormula('CTSH', agreements.AI.origin, english)).toBe('Every non-originating material changes subheading');
    expect(criterionFormula('MaxNOM', agreements.EV.origin, english)).toBe('MaxNOM = VNM / EXW × 100, EXW = FOB − domestic expenses');
  });

  it('says when a verdict rests on the general rule or an entered criterion because no product-specific rule is loaded', () => {
    const product = { hs: '85167990' };
    expect(unloadedRuleNote({ agreement: 'ATIGA', product, rule: { text: 'RVC40 or CTH', general: true } }, vietnamese))
      .toBe('Chưa nạp quy tắc cụ thể mặt hàng của ATIGA cho mã HS 8516.79.90: kết luận này theo quy tắc chung của hiệp định (Hàm lượng giá trị khu vực (RVC) ≥ 40%; hoặc Chuyển đổi Nhóm (CTH)); quy tắc dành cho mặt hàng này chưa được kiểm tra.');
    expect(unloadedRuleNote({ agreement: 'ATIGA', product, rule: { text: 'RVC40 or CTH', general: true } }, english))
      .toBe('No product-specific rule of ATIGA is loaded for HS 8516.79.90: this verdict follows the agreement\'s general rule (Regional value content (RVC) ≥ 40%; or Change of heading (CTH)); the rule for this product was not checked.');
    expect(unloadedRuleNote({ agreement: 'CPTPP', product, rule: { text: 'RVC40', general: true } }, korean))
      .toBe('HS 8516.79.90에 대한 CPTPP 품목별 원산지 규칙이 로드되지 않았습니다. 이 판정은 입력한 기준에 따른 것이며 이 제품의 품목별 규칙은 확인하지 않았습니다.');
    // The product's own rule applied, or no rule and so no verdict: nothing to add.
    expect(unloadedRuleNote({ agreement: 'EV', product, rule: { text: 'CTH; or MaxNOM 50% (EXW)', general: false } }, english)).toBeNull();
    expect(unloadedRuleNote({ agreement: 'UKV', product, rule: { text: '', general: true }, rule_missing: true }, english)).toBeNull();
  });
});
