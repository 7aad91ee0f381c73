/** A material issue to a production order: which product was made and how much of one material it used (ERP export, SAP style). */
import { code, decimal, defineResource, text } from './define.js';

const hidden = { visible: false } as const;

export const production = defineResource({
  name: 'production',
  family: 'balance',
  table: 'production_lines',
  tableKind: 'PRODUCTION',
  operations: ['create', 'update', 'delete', 'import'],
  fields: {
    // The product (parent item) the order makes.
    code: code({ required: true, indexed: true, label: 'fields.product_code', aliases: { vi: ['Mã sản phẩm', 'Mã SP', 'Mã thành phẩm'], en: ['Parent item', 'Parent item code', 'Product code'], ko: ['모품번', '제품코드', '모품목'] } }),
    manufacturing_order_no: code({ indexed: true, aliases: { vi: ['Số lệnh sản xuất', 'Lệnh sản xuất', 'Số LSX', 'LSX'], en: ['Manufacturing order', 'Production order', 'MO no', 'Order no'], ko: ['제조오더번호', '작업지시번호', '오더번호'] } }),
    // Product units the order yielded.
    product_quantity: decimal({ aliases: { vi: ['Số lượng sản phẩm', 'Số lượng sản xuất', 'SL sản xuất', 'Sản lượng'], en: ['Product quantity', 'Order quantity', 'Output quantity', 'Yield'], ko: ['생산수량', '오더수량'] } }),
    // The material (child item) consumed.
    child_item: code({ required: true, indexed: true, aliases: { vi: ['Mã vật tư thành phần', 'Mã NVL', 'Mã NPL', 'Mã vật tư'], en: ['Child item', 'Component', 'Material code'], ko: ['자품번', '자재코드', '자품목'] } }),
    // Quantity of the child item consumed by the order, in its stock unit.
    use_quantity: decimal({ required: true, aliases: { vi: ['Số lượng sử dụng', 'Lượng sử dụng', 'SL sử dụng', 'Số lượng tiêu hao'], en: ['Use quantity', 'Quantity used', 'Consumed quantity'], ko: ['사용수량', '소요수량'] } }),
    plant: code({ ...hidden, selectable: true, maxLength: 20, aliases: { vi: ['Nhà máy'], en: ['Plant'], ko: ['플랜트', '공장'] } }),
    // The GL account the parent item is valued in (e.g. 155 finished goods).
    parent_item_acct: code({ ...hidden, aliases: { vi: ['Tài khoản sản phẩm', 'TK sản phẩm'], en: ['Parent item account', 'Parent item acct'], ko: ['모품목계정'] } }),
    parent_item_acct_desc: text({ ...hidden, aliases: { vi: ['Tên tài khoản sản phẩm'], en: ['Parent item account description', 'Parent item acct desc'], ko: ['모품목계정명'] } }),
    tracking_no: code({ ...hidden, aliases: { vi: ['Số theo dõi', 'Mã theo dõi'], en: ['Tracking no', 'Tracking number'], ko: ['추적번호'] } }),
    parent_item_desc: text({ ...hidden, maxLength: 1000, aliases: { vi: ['Tên sản phẩm', 'Tên SP', 'Mô tả sản phẩm'], en: ['Parent item description', 'Parent item desc', 'Product name'], ko: ['모품목명', '제품명'] } }),
    order_sequence: code({ ...hidden, maxLength: 20, aliases: { vi: ['Thứ tự lệnh'], en: ['Order sequence', 'Sequence'], ko: ['오더순번'] } }),
    // The routing operation (step) that consumed the material.
    operation_no: code({ ...hidden, maxLength: 20, aliases: { vi: ['Công đoạn', 'Số công đoạn'], en: ['Operation no', 'Operation'], ko: ['공정번호', '공정'] } }),
    cost_center: code({ ...hidden, aliases: { vi: ['Trung tâm chi phí', 'Mã trung tâm chi phí'], en: ['Cost center', 'Cost centre'], ko: ['코스트센터'] } }),
    cost_center_description: text({ ...hidden, aliases: { vi: ['Tên trung tâm chi phí'], en: ['Cost center description', 'Cost center name'], ko: ['코스트센터명'] } }),
    work_center: code({ ...hidden, selectable: true, aliases: { vi: ['Tổ sản xuất', 'Chuyền sản xuất', 'Trung tâm sản xuất'], en: ['Work center', 'Work centre'], ko: ['작업장'] } }),
    work_center_description: text({ ...hidden, aliases: { vi: ['Tên tổ sản xuất', 'Tên chuyền'], en: ['Work center description', 'Work center name'], ko: ['작업장명'] } }),
    child_item_account: code({ ...hidden, aliases: { vi: ['Tài khoản vật tư', 'TK vật tư'], en: ['Child item account', 'Child item acct'], ko: ['자품목계정'] } }),
    child_item_account_desc: text({ ...hidden, aliases: { vi: ['Tên tài khoản vật tư'], en: ['Child item account description', 'Child item account desc'], ko: ['자품목계정명'] } }),
    child_item_desc: text({ ...hidden, maxLength: 1000, aliases: { vi: ['Tên vật tư', 'Tên NVL', 'Tên vật tư thành phần'], en: ['Child item description', 'Child item desc', 'Component name'], ko: ['자품목명', '자재명'] } }),
    // The stock movement type of the issue (SAP 261 issue to order, 262 its reversal ...).
    movement_type: code({ ...hidden, selectable: true, maxLength: 20, aliases: { vi: ['Loại nghiệp vụ', 'Mã nghiệp vụ'], en: ['Movement type', 'Mvt type'], ko: ['이동유형'] } }),
    movement_type_desc: text({ ...hidden, aliases: { vi: ['Tên loại nghiệp vụ'], en: ['Movement type description', 'Movement type text'], ko: ['이동유형명'] } }),
    // Quantity taken out of the warehouse for the order; use_quantity is what the order actually consumed.
    issue_quantity: decimal({ ...hidden, aliases: { vi: ['Số lượng xuất kho', 'SL xuất kho'], en: ['Issue quantity', 'Issued quantity'], ko: ['출고수량'] } }),
    issue_amount: decimal({ ...hidden, aliases: { vi: ['Giá trị xuất kho', 'Tiền xuất kho'], en: ['Issue amount', 'Issued amount'], ko: ['출고금액'] } }),
    use_amount: decimal({ ...hidden, aliases: { vi: ['Giá trị sử dụng', 'Tiền sử dụng'], en: ['Use amount', 'Amount used'], ko: ['사용금액'] } }),
  },
  search: ['code', 'child_item', 'manufacturing_order_no', 'parent_item_desc', 'child_item_desc'],
  ordering: 'manufacturing_order_no',
  autofill: [{ code: 'code', name: 'parent_item_desc' }, { code: 'child_item', name: 'child_item_desc' }],
  indexes: [['code', 'child_item']],
});
