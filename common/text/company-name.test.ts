import { describe, expect, it } from 'vitest';
import { distinctiveCompanyName } from './company-name.js';

describe('the distinctive part of a company name', () => {
  it('drops the legal form a Vietnamese name opens with, in any case and spelling', () => {
    expect(distinctiveCompanyName('Công ty TNHH May mặc Hòa Thọ')).toBe('May mặc Hòa Thọ');
    expect(distinctiveCompanyName('CÔNG TY TNHH MTV DỆT KIM ĐÔNG XUÂN')).toBe('DỆT KIM ĐÔNG XUÂN');
    expect(distinctiveCompanyName('Công ty Cổ phần Dệt may 29/3')).toBe('Dệt may 29/3');
    expect(distinctiveCompanyName('Công ty trách nhiệm hữu hạn một thành viên Cao su Sài Gòn')).toBe('Cao su Sài Gòn');
    expect(distinctiveCompanyName('CTCP Thủy sản Minh Phú')).toBe('Thủy sản Minh Phú');
    expect(distinctiveCompanyName('Cty TNHH  Giày   Thái Bình')).toBe('Giày Thái Bình');
    expect(distinctiveCompanyName('Doanh nghiệp tư nhân Phú Thành')).toBe('Phú Thành');
    // Decomposed accents, as some keyboards and exports write them.
    expect(distinctiveCompanyName('Công ty TNHH Bình Minh'.normalize('NFD'))).toBe('Bình Minh');
  });

  it('drops an English or Korean legal form at either end', () => {
    expect(distinctiveCompanyName('SAMIL VINA CO., LTD')).toBe('SAMIL VINA');
    expect(distinctiveCompanyName('Hansae Vietnam Co.,Ltd.')).toBe('Hansae Vietnam');
    expect(distinctiveCompanyName('Vinatex Joint Stock Company')).toBe('Vinatex');
    expect(distinctiveCompanyName('Phu Thanh Garment, JSC')).toBe('Phu Thanh Garment');
    expect(distinctiveCompanyName('주식회사 한빛섬유')).toBe('한빛섬유');
    expect(distinctiveCompanyName('한빛섬유 주식회사')).toBe('한빛섬유');
    expect(distinctiveCompanyName('(주)대한전선')).toBe('대한전선');
    expect(distinctiveCompanyName('Công ty TNHH Hansae Việt Nam Co., Ltd')).toBe('Hansae Việt Nam');
  });

  it('keeps a name whole when no legal form stands apart in it, or nothing else would remain', () => {
    expect(distinctiveCompanyName('Dutybook Demo Manufacturing')).toBe('Dutybook Demo Manufacturing');
    expect(distinctiveCompanyName('Ctyco Trading')).toBe('Ctyco Trading');
    expect(distinctiveCompanyName('Incheon Textiles')).toBe('Incheon Textiles');
    expect(distinctiveCompanyName('Kettle Works Limitedness')).toBe('Kettle Works Limitedness');
    expect(distinctiveCompanyName('Công ty TNHH')).toBe('Công ty TNHH');
    expect(distinctiveCompanyName('주식회사')).toBe('주식회사');
    expect(distinctiveCompanyName('  ')).toBe('');
  });
});
