/**
 * Fields and Excel header texts that many stock and accounting tables share, so each table file lists
 * its columns without repeating the headers real exports carry (ECUS, MISA, FAST, Bravo, SAP, warehouse sheets).
 *
 * Quantities and values: a `_quantity` or `_num` field is a quantity in the row's unit, and a `_value` field (with
 * the scrap table's bare `take_in` and `take_out`, twins of `_num` quantities) an amount in the books' currency.
 * Two customs tables use `begin_value` and `end_value` for quantities, as the forms they mirror count quantities:
 * opening balances (`begin`) and Statement 15; their labels say "stock".
 */
import { choice, code, date, decimal, type FieldDefinition, type FieldOptions, type HeaderAliases, integer, itemTypes, takeInPurposes, takeOutPurposes, text } from './define.js';

/** Header texts of several kinds that name one field. */
export const joinAliases = (...sets: HeaderAliases[]): HeaderAliases => ({
  vi: sets.flatMap((set) => set.vi ?? []),
  en: sets.flatMap((set) => set.en ?? []),
  ko: sets.flatMap((set) => set.ko ?? []),
});

export const openingQuantity: HeaderAliases = {
  vi: ['Số lượng tồn đầu kỳ', 'SL tồn đầu', 'Tồn đầu kỳ số lượng', 'Tồn đầu SL', 'Lượng tồn đầu kỳ', 'Số lượng tồn đầu'],
  en: ['Opening quantity', 'Opening qty', 'Beginning quantity', 'Begin qty'],
  ko: ['기초수량', '기초재고수량'],
};
export const openingValue: HeaderAliases = {
  vi: ['Giá trị tồn đầu kỳ', 'Giá trị tồn đầu', 'Tồn đầu kỳ giá trị', 'Tồn đầu GT', 'Trị giá tồn đầu kỳ', 'Tiền tồn đầu'],
  en: ['Opening value', 'Opening amount', 'Beginning value'],
  ko: ['기초금액', '기초재고금액'],
};
export const receivedQuantity: HeaderAliases = {
  vi: ['Số lượng nhập', 'SL nhập', 'Nhập trong kỳ số lượng', 'Nhập SL', 'Số lượng nhập trong kỳ', 'Lượng nhập'],
  en: ['Received quantity', 'Receipt quantity', 'Quantity in', 'Qty in'],
  ko: ['입고수량'],
};
export const receivedValue: HeaderAliases = {
  vi: ['Giá trị nhập', 'Nhập trong kỳ giá trị', 'Nhập GT', 'Tiền nhập', 'Giá trị nhập trong kỳ', 'Trị giá nhập'],
  en: ['Received value', 'Receipt value', 'Receipt amount', 'Value in'],
  ko: ['입고금액'],
};
export const issuedQuantity: HeaderAliases = {
  vi: ['Số lượng xuất', 'SL xuất', 'Xuất trong kỳ số lượng', 'Xuất SL', 'Số lượng xuất trong kỳ', 'Lượng xuất'],
  en: ['Issued quantity', 'Issue quantity', 'Quantity out', 'Qty out'],
  ko: ['출고수량'],
};
export const issuedValue: HeaderAliases = {
  vi: ['Giá trị xuất', 'Xuất trong kỳ giá trị', 'Xuất GT', 'Tiền xuất', 'Giá trị xuất trong kỳ', 'Trị giá xuất'],
  en: ['Issued value', 'Issue value', 'Issue amount', 'Value out'],
  ko: ['출고금액'],
};
export const closingQuantity: HeaderAliases = {
  vi: ['Số lượng tồn cuối kỳ', 'SL tồn cuối', 'Tồn cuối kỳ số lượng', 'Tồn cuối SL', 'Lượng tồn cuối kỳ', 'Số lượng tồn cuối'],
  en: ['Closing quantity', 'Closing qty', 'Ending quantity', 'End qty'],
  ko: ['기말수량', '기말재고수량'],
};
export const closingValue: HeaderAliases = {
  vi: ['Giá trị tồn cuối kỳ', 'Giá trị tồn cuối', 'Tồn cuối kỳ giá trị', 'Tồn cuối GT', 'Trị giá tồn cuối kỳ', 'Tiền tồn cuối'],
  en: ['Closing value', 'Closing amount', 'Ending value'],
  ko: ['기말금액', '기말재고금액'],
};
/** Where a table holds one opening (or closing) figure, the bare "Tồn đầu kỳ" header is that quantity. */
export const openingStock = joinAliases({ vi: ['Tồn đầu kỳ', 'Tồn đầu'], en: ['Opening stock', 'Opening balance', 'Beginning balance'], ko: ['기초재고'] }, openingQuantity);
export const closingStock = joinAliases({ vi: ['Tồn cuối kỳ', 'Tồn cuối'], en: ['Closing stock', 'Closing balance', 'Ending balance'], ko: ['기말재고'] }, closingQuantity);

/**
 * A field maker with preset options: `options` override the presets (their `aliases` replace the preset ones),
 * and `moreAliases` are added to whichever aliases remain.
 */
const preset = (make: (options: FieldOptions) => FieldDefinition, base: FieldOptions) =>
  (options: FieldOptions = {}, moreAliases: HeaderAliases = {}): FieldDefinition =>
    make({ ...base, ...options, aliases: joinAliases(options.aliases ?? base.aliases ?? {}, moreAliases) });

export const itemCode = preset(code, {
  indexed: true,
  aliases: {
    vi: ['Mã hàng', 'Mã vật tư', 'Mã VT', 'Mã hàng hóa', 'Mã NPL', 'Mã NVL', 'Mã SP', 'Mã sản phẩm', 'Mã nguyên liệu', 'Mã'],
    en: ['Item code', 'Material code', 'Product code', 'Item', 'Code', 'Part no'],
    ko: ['품목코드', '자재코드', '품번', '코드'],
  },
});
export const itemName = preset(text, {
  maxLength: 1000,
  aliases: {
    vi: ['Tên hàng', 'Tên vật tư', 'Tên VT', 'Tên hàng hóa', 'Tên NPL', 'Tên NVL', 'Tên SP', 'Tên sản phẩm', 'Tên nguyên liệu', 'Tên'],
    en: ['Item name', 'Name', 'Item description', 'Material name', 'Product name'],
    ko: ['품명', '품목명', '자재명', '제품명'],
  },
});
export const itemUnit = preset(code, {
  selectable: true,
  maxLength: 20,
  aliases: { vi: ['ĐVT', 'Đơn vị tính', 'Đơn vị', 'Mã ĐVT'], en: ['Unit', 'UOM', 'Unit of measure'], ko: ['단위'] },
});
export const itemType = preset((options) => choice(itemTypes, options), {
  selectable: true,
  // Vietnamese books name the kinds by their initials (NVL, NPL, TP, SP, BTP, PL, PP), warehouse systems in English
  // by theirs (RM, FG, WIP).
  choiceAliases: {
    material: ['NVL', 'NPL', 'NL', 'VT', 'Nguyên vật liệu', 'Nguyên phụ liệu', 'Vật liệu', 'Raw material', 'RM', '원재료', '자재'],
    product: ['TP', 'SP', 'Sản phẩm', 'Product', 'Finished goods', 'FG', '제품'],
    semi_finished: ['BTP', 'Semi-finished', 'WIP', '재공품'],
    scrap: ['PL', 'PP', 'Waste', '폐기물'],
  },
  aliases: { vi: ['Loại hàng', 'Loại vật tư', 'Phân loại', 'Loại'], en: ['Item type', 'Type', 'Kind'], ko: ['품목구분', '품목유형', '구분'] },
});
export const takeOutPurpose = preset((options) => choice(takeOutPurposes, options), {
  selectable: true,
  aliases: { vi: ['Mục đích xuất', 'Mục đích', 'Lý do xuất', 'Loại xuất'], en: ['Issue purpose', 'Purpose', 'Reason'], ko: ['출고목적', '출고구분', '목적'] },
});
export const takeInPurpose = preset((options) => choice(takeInPurposes, options), {
  selectable: true,
  aliases: { vi: ['Mục đích nhập', 'Mục đích', 'Lý do nhập', 'Loại nhập'], en: ['Receipt purpose', 'Purpose', 'Reason'], ko: ['입고목적', '입고구분', '목적'] },
});
export const warehouseName = preset(text, {
  selectable: true,
  maxLength: 100,
  aliases: { vi: ['Kho', 'Tên kho', 'Mã kho'], en: ['Warehouse', 'Warehouse name', 'Store', 'Location'], ko: ['창고', '창고명'] },
});
export const quantity = preset(decimal, {
  aliases: { vi: ['Số lượng', 'SL', 'Lượng'], en: ['Quantity', 'Qty'], ko: ['수량'] },
});
export const unitPrice = preset(decimal, {
  aliases: { vi: ['Đơn giá', 'Giá', 'Đơn giá vốn'], en: ['Unit price', 'Price', 'Unit cost'], ko: ['단가'] },
});
export const note = preset(text, {
  maxLength: 1000,
  aliases: { vi: ['Ghi chú'], en: ['Note', 'Notes', 'Remark', 'Remarks'], ko: ['비고', '메모'] },
});
export const contract = preset(code, {
  aliases: { vi: ['Số hợp đồng', 'Hợp đồng', 'Số HĐ thương mại'], en: ['Contract', 'Contract no'], ko: ['계약번호'] },
});
/** The invoice (hóa đơn) a move was booked with. */
export const billNo = preset(code, {
  aliases: { vi: ['Số hóa đơn', 'Số HĐ', 'Hóa đơn'], en: ['Invoice no', 'Invoice number', 'Bill no'], ko: ['송장번호', '계산서번호'] },
});
export const billDate = preset(date, {
  aliases: { vi: ['Ngày hóa đơn', 'Ngày HĐ'], en: ['Invoice date', 'Bill date'], ko: ['송장일자', '계산서일자'] },
});
/** The accounting voucher (chứng từ: receipt or issue slip) a move was posted with. */
export const docNumber = preset(code, {
  aliases: { vi: ['Số chứng từ', 'Số CT', 'Số phiếu'], en: ['Voucher no', 'Document no', 'Doc no'], ko: ['전표번호'] },
});
export const voucherDate = preset(date, {
  indexed: true,
  aliases: { vi: ['Ngày chứng từ', 'Ngày CT', 'Ngày hạch toán', 'Ngày HT', 'Ngày'], en: ['Voucher date', 'Posting date', 'Document date', 'Date'], ko: ['전표일자', '일자'] },
});
export const explain = preset(text, {
  maxLength: 1000,
  aliases: { vi: ['Diễn giải', 'Nội dung', 'Lý do'], en: ['Narration', 'Memo', 'Explanation'], ko: ['적요', '내용'] },
});
/**
 * The opening-balance (`begin`) row of the same code this line is counted against, so stock drawn from
 * opening balances can be followed; the engine sets it, an import never does.
 */
export const balanceId = () => integer({ visible: false });
