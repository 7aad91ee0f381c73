import { describe, expect, it } from 'vitest';
import { readProcedures } from './procedures.js';

describe('specialised procedures as published', () => {
  it('splits at semicolons outside brackets and takes the last bracket as the legal reference', () => {
    expect(readProcedures('Động vật phải kiểm dịch (01/2024/TT-BNNPTNT M1); Giống vật nuôi cần bảo tồn (01/2024/TT-BNNPTNT M4)')).toEqual([
      { name: 'Động vật phải kiểm dịch', reference: '01/2024/TT-BNNPTNT M1' },
      { name: 'Giống vật nuôi cần bảo tồn', reference: '01/2024/TT-BNNPTNT M4' },
    ]);
    expect(readProcedures('Hóa chất (trừ loại A; loại B) phải khai báo (82/2022/NĐ-CP)')).toEqual([
      { name: 'Hóa chất (trừ loại A; loại B) phải khai báo', reference: '82/2022/NĐ-CP' },
    ]);
    expect(readProcedures('Kiểm tra chất lượng')).toEqual([{ name: 'Kiểm tra chất lượng', reference: '' }]);
    expect(readProcedures('')).toEqual([]);
  });
});
