import { describe, expect, it } from 'vitest';
import { companyInitialsOf, initialsOf } from './initials.js';

describe('avatar initials', () => {
  it('takes a person\'s first and last word', () => {
    expect(initialsOf('Nguyễn Văn An')).toBe('NA');
  });

  it('skips the legal form of a company name, so companies get initials of their own', () => {
    expect(companyInitialsOf('Công ty TNHH Dệt may Sài Gòn')).toBe('DM');
    expect(companyInitialsOf('CÔNG TY CỔ PHẦN Điện tử Việt Nam')).toBe('ĐT');
    expect(companyInitialsOf('Công ty TNHH MTV Hải Phòng')).toBe('HP');
    expect(companyInitialsOf('Saigon Precision Parts Co., Ltd.')).toBe('SP');
    expect(companyInitialsOf('주식회사 한빛')).toBe('한');
  });

  it('keeps a name made only of legal-form words', () => {
    expect(companyInitialsOf('Công ty')).toBe('CT');
  });
});
