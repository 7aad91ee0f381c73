/**
 * The header rows of real ECUS5-VNACCS exports, as companies' files have them (the layouts noted from public sources:
 * docs/imports.md, Known layouts). The tests build their workbooks from these, so that what is tested is the files
 * users send, not what the matching expects.
 */

/** The goods-line report "BC chi tiết" (BaoCaoHangChiTiet), 54 columns; also the DETAIL sheet of a GENERAL + DETAIL workbook. */
export const goodsReport54 = [
  'STT', 'Số TK', 'Ngày ĐK', 'Mã loại hình', 'Mã địa điểm đích', 'Tên địa điểm đích cho vận chuyển bảo thuế', 'Địa điểm dỡ hàng',
  'Mã hiệu PTVC', 'Ngày khởi hành vận chuyển', 'Ký hiệu và số hiệu bao bì', 'Tỷ giá thanh toán', 'Đơn vị tiền tệ', 'Số lượng kiện',
  'Mã ĐVT kiện', 'Trọng lượng', 'Mã ĐVT trọng lượng', 'Số quản lý nội bộ', 'Điều kiện giá hóa đơn', 'Ghi chú', 'STT hàng', 'Mã NPL/SP',
  'Mã HS', 'Tên hàng', 'Xuất xứ', 'Đơn giá', 'Đơn giá tính thuế', 'Tổng số lượng', 'Đơn vị tính', 'Tổng số lượng 2', 'Đơn vị tính 2',
  'Trị giá NT', 'Tổng trị giá', 'Mã biểu thuế XNK', 'Thuế suất XNK', 'Tiền thuế XNK', 'Số tiền miễn thuế XNK', 'Thuế suất TV', 'Tiền thuế TV',
  'Thuế suất PB', 'Tiền thuế PB', 'Thuế suất TTĐB', 'Tiền thuế TTĐB', 'Thuế suất BVMT', 'Tiền thuế MT', 'Thuế suất VA', 'Tiền thuế VAT',
  'Tổng tiền thuế', 'Mã doanh nghiệp', 'Tên doanh nghiệp', 'Tên đối tác', 'Số hóa đơn', 'Ngày hóa đơn', 'Số hợp đồng', 'Ngày hợp đồng',
] as const;

/** The 50-column version: no unloading place, note, second quantity or tariff schedule; a 'Trọng lượng hàng' more. */
export const goodsReport50 = [
  ...goodsReport54.filter((label) => !['Địa điểm dỡ hàng', 'Ghi chú', 'Tổng số lượng 2', 'Đơn vị tính 2', 'Mã biểu thuế XNK'].includes(label))
    .flatMap((label) => (label === 'Mã ĐVT trọng lượng' ? [label, 'Trọng lượng hàng'] : [label])),
];

/** The 55-column version: a second 'Tên' after 'Tên hàng'. */
export const goodsReport55 = goodsReport54.flatMap((label) => (label === 'Tên hàng' ? [label, 'Tên'] : [label]));

/** The 81-column BaoCaoHangChiTietMH, header on the first row (the columns that matter, in their order, and the rest). */
export const goodsReport81 = [
  'STT', 'Số TK', 'Ngày ĐK', 'Mã HQ', 'Mã loại hình', 'Tên đối tác', 'Số hóa đơn', 'Ngày hóa đơn', 'Tổng tiền thuế',
  // The notes name only the columns above and below; the others stand for the rest of the declaration's fields.
  ...Array.from({ length: 57 }, (_, index) => `Thông tin ${index + 1}`),
  'STT hàng', 'Mã hàng', 'Mã HS', 'Tên hàng', 'Nước xuất xứ', 'Số lượng', 'Đơn vị tính', 'Đơn giá hóa đơn', 'Trị giá hóa đơn', 'Trị giá tính thuế',
  'Thuế suất XNK', 'Tiền thuế XNK', 'Thuế suất VA', 'Tiền thuế VAT', 'Tổng tiền thuế',
];

/** The GENERAL sheet: one row a declaration. */
export const declarationList = [
  'STT', 'Số TK', 'Số tờ khai đầu tiên', 'Nhánh', 'Ngày ĐK', 'Mã HQ', 'Mã loại hình', 'Tên đối tác', 'Số hóa đơn TM', 'Ngày HĐTM',
  'Tổng trị giá hóa đơn', 'Ng.Tệ hóa đơn', 'Tỷ giá VNĐ', 'Tổng trị giá TT', 'Tổng tiền thuế', 'Trạng thái', 'Phân luồng', 'Ngày thông quan',
  'Tổng thuế XNK', 'Tổng Thuế TV', 'Số tiền miễn thuế XNK', 'Tổng thuế PBĐX', 'Tổng thuế TTĐB', 'Tổng thuế MT', 'Tổng thuế VAT',
];

/**
 * A forwarder's declaration list with grouped headers: the upper row's groups over the lower row's columns (an empty
 * upper cell continues the group on its left, as a merged cell reads).
 */
export const groupedListTop = [
  'STT', 'Số tờ khai', 'Ngày đăng ký', 'Mã loại hình', 'Trạng thái', 'Tên hàng', 'Mã số hàng hóa', 'Xuất xứ', 'Lượng', 'Đơn vị tính', 'Trị giá tính thuế',
  'Thuế nhập khẩu', '', '', '', 'Thuế GTGT', '', '',
];
export const groupedListBottom = [
  '', '', '', '', '', '', '', '', '', '', '',
  'Thuế suất (%)', 'Số tiền thuế', 'Mã miễn / Giảm / Không chịu thuế nhập khẩu', 'Số tiền giảm thuế nhập khẩu', 'Thuế suất', 'Số tiền thuế', 'Mã miễn / Giảm / Không chịu thuế',
];
