import { describe, expect, it } from 'vitest';
import { formColumns, templateHeaderColumns, type TemplatePreviewRow } from '../../../common/statements/templates.js';
import { proposeFooter, proposeHeader, proposeMapping } from './template-proposal.js';

/** A Form 15 laid out as Circular 39 prints it: title, two caption rows (the issues under their group), the column numbers, a sample row, signatures. */
const rows: TemplatePreviewRow[] = [
  { row: 1, cells: { A: 'Tên tổ chức, cá nhân: {{company}}', L: 'Mẫu số 15/BCQT-NVL/GSQL' } },
  { row: 3, cells: { A: 'BÁO CÁO QUYẾT TOÁN NHẬP - XUẤT - TỒN KHO NGUYÊN LIỆU, VẬT TƯ NHẬP KHẨU' } },
  {
    row: 5,
    cells: { A: 'STT', B: 'Mã nguyên liệu, vật tư', C: 'Tên nguyên liệu, vật tư', D: 'Đơn vị tính', E: 'Lượng tồn đầu kỳ', F: 'Lượng nhập trong kỳ', G: 'Lượng xuất trong kỳ', K: 'Lượng tồn kho cuối kỳ', L: 'Ghi chú', M: 'Mã HS' },
  },
  { row: 6, cells: { G: 'Tái xuất', H: 'Chuyển mục đích sử dụng, tiêu thụ nội địa, tiêu hủy', I: 'Xuất kho để sản xuất', J: 'Xuất kho khác' } },
  { row: 7, cells: Object.fromEntries('ABCDEFGHIJKLM'.split('').map((letter, index) => [letter, `(${index + 1})`])) },
  { row: 8, cells: { A: '1', B: '…' } },
  { row: 10, cells: { B: 'Người lập', J: 'Người đại diện theo pháp luật' } },
];

describe('template proposals', () => {
  it('takes the captions and the printed column numbers as the header, and the signatures as the block below the data', () => {
    expect(proposeHeader(rows)).toEqual({ from: 5, to: 7 });
    expect(proposeFooter(rows, 7)).toBe(10);
  });

  it('matches each computed column to the caption that heads it, leaves the HS code column to nobody', () => {
    const columns = templateHeaderColumns(rows, 5, 7);
    expect(columns.I).toBe('Lượng xuất trong kỳ Xuất kho để sản xuất (9)');
    const mapping = proposeMapping('15', columns, (key) => key);
    expect(mapping).toEqual({
      stt: 'A', code: 'B', name: 'C', unit: 'D', begin_value: 'E', take_in: 'F', re_export: 'G', re_purpose: 'H', export_to_produce: 'I', other_export: 'J', end_value: 'K', note: 'L',
    });
    expect(Object.keys(mapping)).toHaveLength(formColumns['15'].length);
  });
});
