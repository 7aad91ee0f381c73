import type { CoRecordInput, DecisionInput, OriginRuleInput, RegulationInput, TariffLineInput } from './replace-lookup-data.js';

/**
 * Dutybook's own small demonstration data set, loaded on first start so the lookup works on a fresh
 * clone: three sections, three chapters in Vietnamese, English and Korean, a few decisions, the
 * regulations that define the schedule, origin rules and certificate-of-origin records. Real schedules
 * are loaded with `npm run import-tariff`. Decision and certificate numbers start with DEMO.
 */
export const demoYear = 2025;

type Texts = [vi: string, en: string, ko: string];
const line = (id: string, parentId: string | null, section: string, d: Texts, uq?: Texts, notes?: Texts): TariffLineInput => ({
  id, parentId, section,
  description: d[0], enDescription: d[1], koDescription: d[2],
  unitOfQuantity: uq?.[0] ?? '', enUnitOfQuantity: uq?.[1] ?? '', koUnitOfQuantity: uq?.[2] ?? '',
  notes: notes?.[0] ?? '', enNotes: notes?.[1] ?? '', koNotes: notes?.[2] ?? '',
});
const head: Texts = ['con', 'head', '마리'];
const kg: Texts = ['kg', 'kg', 'kg'];
const unit: Texts = ['chiếc', 'unit', '개'];
const breeding: Texts = ['- - Loại thuần chủng để nhân giống', '- - Pure-bred breeding animals', '- - 번식용 순종'];
const other2: Texts = ['- - Loại khác', '- - Other', '- - 기타'];
const other3: Texts = ['- - - Loại khác', '- - - Other', '- - - 기타'];

export const demoTariffLines: TariffLineInput[] = [
  line('I', null, 'I', ['Động vật sống; các sản phẩm từ động vật', 'Live animals; animal products', '산 동물과 동물성 생산품'], undefined,
    ['1. Trong Phần này, khi đề cập đến một giống hoặc một loài động vật, trừ khi có yêu cầu khác, cần phải kể đến cả giống hoặc loài động vật đó còn non.',
      '1. Any reference in this Section to a particular genus or species of an animal, except where the context otherwise requires, includes a reference to the young of that genus or species.',
      '1. 이 부에서 동물의 특정한 속이나 종에는 문맥상 달리 해석되지 않는 한 그 속이나 종의 어린 것을 포함한다.']),
  line('01', 'I', 'I', ['Động vật sống', 'Live animals', '산 동물'], undefined,
    ['1. Chương này bao gồm tất cả các loại động vật sống trừ: (a) Cá và động vật giáp xác, động vật thân mềm và động vật thủy sinh không xương sống khác, thuộc nhóm 03.01, 03.06, 03.07 hoặc 03.08; (b) Vi sinh vật nuôi cấy và các sản phẩm khác thuộc nhóm 30.02; và (c) Động vật thuộc nhóm 95.08.',
      '1. This Chapter covers all live animals except: (a) Fish and crustaceans, molluscs and other aquatic invertebrates, of heading 03.01, 03.06, 03.07 or 03.08; (b) Cultures of micro-organisms and other products of heading 30.02; and (c) Animals of heading 95.08.',
      '1. 이 류에는 다음의 것을 제외한 모든 산 동물을 포함한다. (가) 제0301호·제0306호·제0307호·제0308호의 어류·갑각류·연체동물과 그 밖의 수생 무척추동물 (나) 제3002호의 미생물 배양체와 그 밖의 물품 (다) 제9508호의 동물']),
  line('0101', '01', 'I', ['Ngựa, lừa, la sống.', 'Live horses, asses, mules and hinnies.', '살아 있는 말·당나귀·노새·버새']),
  line('010121', '0101', 'I', ['- - Loại thuần chủng để nhân giống (ngựa)', '- - Horses: pure-bred breeding animals', '- - 말: 번식용 순종']),
  line('01012100', '010121', 'I', breeding, head),
  line('010129', '0101', 'I', ['- - Ngựa loại khác', '- - Horses: other', '- - 말: 기타']),
  line('01012900', '010129', 'I', other2, head),
  line('010130', '0101', 'I', ['- Lừa', '- Asses', '- 당나귀']),
  line('01013010', '010130', 'I', breeding, head),
  line('01013090', '010130', 'I', other2, head),
  line('010190', '0101', 'I', ['- Loại khác (la, la lai)', '- Other (mules and hinnies)', '- 기타(노새·버새)']),
  line('01019000', '010190', 'I', ['- Loại khác', '- Other', '- 기타'], head),
  line('0102', '01', 'I', ['Động vật sống họ trâu bò.', 'Live bovine animals.', '살아 있는 소'],),
  line('010221', '0102', 'I', ['- - Gia súc thuần chủng để nhân giống', '- - Cattle: pure-bred breeding animals', '- - 소(家畜): 번식용 순종']),
  line('01022100', '010221', 'I', breeding, head),
  line('010229', '0102', 'I', ['- - Gia súc loại khác', '- - Cattle: other', '- - 소(家畜): 기타']),
  line('01022911', '010229', 'I', ['- - - Bò đực thiến (bò thiến)', '- - - Oxen', '- - - 거세한 수소'], head),
  line('01022990', '010229', 'I', other3, head),
  line('II', null, 'II', ['Các sản phẩm thực vật', 'Vegetable products', '식물성 생산품']),
  line('09', 'II', 'II', ['Cà phê, chè, chè Paragoay và các loại gia vị', 'Coffee, tea, maté and spices', '커피·차·마테·향신료'], undefined,
    ['1. Hỗn hợp của các sản phẩm thuộc các nhóm từ 09.04 đến 09.10 được phân loại như sau: (a) Hỗn hợp của hai hay nhiều sản phẩm thuộc cùng một nhóm cũng được phân loại trong nhóm đó.',
      '1. Mixtures of the products of headings 09.04 to 09.10 are to be classified as follows: (a) Mixtures of two or more of the products of the same heading are to be classified in that heading.',
      '1. 제0904호부터 제0910호까지의 물품의 혼합물은 다음과 같이 분류한다. (가) 같은 호에 해당하는 둘 이상의 물품의 혼합물은 그 호로 분류한다.']),
  line('0901', '09', 'II', [
    'Cà phê, rang hoặc chưa rang, đã hoặc chưa khử chất caffeine; vỏ quả và vỏ lụa cà phê; các chất thay thế cà phê có chứa cà phê theo tỷ lệ nào đó.',
    'Coffee, whether or not roasted or decaffeinated; coffee husks and skins; coffee substitutes containing coffee in any proportion.',
    '커피(볶은 것인지 또는 카페인을 제거한 것인지에 상관없다), 커피의 껍데기와 껍질, 커피를 함유한 커피 대용물']),
  line('090111', '0901', 'II', ['- - Cà phê chưa rang, chưa khử chất caffeine', '- - Coffee, not roasted, not decaffeinated', '- - 볶지 않은 커피(카페인을 제거하지 않은 것)']),
  line('09011110', '090111', 'II', ['- - - Arabica WIB hoặc Robusta OIB', '- - - Arabica WIB or Robusta OIB', '- - - 아라비카 WIB 또는 로부스타 OIB'], kg),
  line('09011190', '090111', 'II', other3, kg),
  line('090112', '0901', 'II', ['- - Cà phê chưa rang, đã khử chất caffeine', '- - Coffee, not roasted, decaffeinated', '- - 볶지 않은 커피(카페인을 제거한 것)']),
  line('09011200', '090112', 'II', other2, kg),
  line('090121', '0901', 'II', ['- - Cà phê đã rang, chưa khử chất caffeine', '- - Coffee, roasted, not decaffeinated', '- - 볶은 커피(카페인을 제거하지 않은 것)']),
  line('09012110', '090121', 'II', ['- - - Chưa xay', '- - - Unground', '- - - 갈지 않은 것'], kg),
  line('09012120', '090121', 'II', ['- - - Đã xay', '- - - Ground', '- - - 간 것'], kg),
  line('0902', '09', 'II', ['Chè, đã hoặc chưa pha hương liệu.', 'Tea, whether or not flavoured.', '차(맛을 낸 것인지에 상관없다)']),
  line('090210', '0902', 'II', ['- Chè xanh (chưa ủ men) đóng gói sẵn trọng lượng không quá 3 kg', '- Green tea (not fermented) in immediate packings of a content not exceeding 3 kg', '- 녹차(발효하지 않은 것)(내용물 무게 3킬로그램 이하로 직접 포장한 것)']),
  line('09021010', '090210', 'II', ['- - Lá chè', '- - Leaves', '- - 잎'], kg),
  line('09021090', '090210', 'II', other2, kg),
  line('090230', '0902', 'II', ['- Chè đen (đã ủ men) và chè đã ủ men một phần, đóng gói sẵn trọng lượng không quá 3 kg', '- Black tea (fermented) and partly fermented tea, in immediate packings of a content not exceeding 3 kg', '- 홍차(발효한 것)와 부분적으로 발효한 차(내용물 무게 3킬로그램 이하로 직접 포장한 것)']),
  line('09023010', '090230', 'II', ['- - Lá chè', '- - Leaves', '- - 잎'], kg),
  line('XVI', null, 'XVI', ['Máy và các trang thiết bị cơ khí; thiết bị điện; các bộ phận của chúng', 'Machinery and mechanical appliances; electrical equipment; parts thereof', '기계류·전기기기와 이들의 부분품']),
  line('85', 'XVI', 'XVI', [
    'Máy điện và thiết bị điện và các bộ phận của chúng; máy ghi và tái tạo âm thanh, máy ghi và tái tạo hình ảnh và âm thanh truyền hình',
    'Electrical machinery and equipment and parts thereof; sound recorders and reproducers, television image and sound recorders and reproducers',
    '전기기기와 그 부분품, 녹음기·음성 재생기·텔레비전의 영상과 음성의 기록기·재생기']),
  line('8517', '85', 'XVI', [
    'Bộ điện thoại, kể cả điện thoại thông minh và điện thoại khác cho mạng di động tế bào hoặc mạng không dây khác; thiết bị khác để truyền hoặc nhận tiếng, hình ảnh hoặc dữ liệu khác.',
    'Telephone sets, including smartphones and other telephones for cellular networks or for other wireless networks; other apparatus for the transmission or reception of voice, images or other data.',
    '전화기(스마트폰과 그 밖의 셀룰러 통신망용이나 그 밖의 무선 통신망용 전화기를 포함한다), 음성·영상이나 그 밖의 데이터의 송신용·수신용 그 밖의 기기']),
  line('851711', '8517', 'XVI', ['- - Bộ điện thoại hữu tuyến với điện thoại cầm tay không dây', '- - Line telephone sets with cordless handsets', '- - 무선 송수화기를 갖춘 유선 전화기']),
  line('85171100', '851711', 'XVI', ['- - Bộ điện thoại hữu tuyến với điện thoại cầm tay không dây', '- - Line telephone sets with cordless handsets', '- - 무선 송수화기를 갖춘 유선 전화기'], unit),
  line('851713', '8517', 'XVI', ['- - Điện thoại thông minh', '- - Smartphones', '- - 스마트폰']),
  line('85171300', '851713', 'XVI', ['- - Điện thoại thông minh', '- - Smartphones', '- - 스마트폰'], unit),
  line('851714', '8517', 'XVI', ['- - Điện thoại khác cho mạng di động tế bào hoặc mạng không dây khác', '- - Other telephones for cellular networks or for other wireless networks', '- - 그 밖의 셀룰러 통신망용이나 무선 통신망용 전화기']),
  line('85171400', '851714', 'XVI', ['- - Điện thoại khác cho mạng di động tế bào hoặc mạng không dây khác', '- - Other telephones for cellular networks or for other wireless networks', '- - 그 밖의 셀룰러 통신망용이나 무선 통신망용 전화기'], unit),
  line('851762', '8517', 'XVI', ['- - Máy thu, chuyển đổi và truyền hoặc tái tạo tiếng, hình ảnh hoặc dữ liệu khác, kể cả thiết bị chuyển mạch và thiết bị định tuyến', '- - Machines for the reception, conversion and transmission or regeneration of voice, images or other data, including switching and routing apparatus', '- - 음성·영상이나 그 밖의 데이터의 수신·변환·송신용이나 재생용 기기(교환기기와 라우팅기기를 포함한다)']),
  line('85176221', '851762', 'XVI', ['- - - Thiết bị định tuyến (router) không dây', '- - - Wireless routers', '- - - 무선 라우터'], unit),
  line('85176299', '851762', 'XVI', other3, unit),
];

const decision = (docNo: string, docDate: string, hs: string, vi: [string, string, string], en: [string, string], ko: [string, string]): DecisionInput => ({
  docNo, docDate, hs, productName: vi[0], productProperties: vi[1], productDescription: vi[2],
  enProductName: en[0], enProductProperties: en[1], koProductName: ko[0], koProductProperties: ko[1],
});

export const demoDecisions: DecisionInput[] = [
  decision('DEMO-101/TB-TCHQ', '2025-02-14', '09011110', [
    'Cà phê nhân Robusta loại 1, sàng 18', 'Hạt cà phê chưa rang, chưa khử caffeine, độ ẩm tối đa 12,5%', 'Đóng bao đay 60 kg, dùng để rang xay'],
  ['Robusta green coffee beans grade 1, screen 18', 'Unroasted, not decaffeinated coffee beans, moisture at most 12.5%'],
  ['로부스타 생두 1등급, 스크린 18', '볶지 않고 카페인을 제거하지 않은 커피 원두, 수분 12.5% 이하']),
  decision('DEMO-102/TB-TCHQ', '2025-03-03', '09012120', [
    'Cà phê rang xay pha phin', 'Cà phê Arabica và Robusta đã rang và xay mịn, chưa khử caffeine', 'Gói 500 g, bán lẻ'],
  ['Roasted ground coffee for filter brewing', 'Roasted and finely ground Arabica and Robusta coffee, not decaffeinated'],
  ['필터용 볶아서 간 커피', '볶아서 곱게 간 아라비카·로부스타 커피, 카페인 미제거']),
  decision('DEMO-103/TB-TCHQ', '2025-04-21', '85171300', [
    'Điện thoại di động thông minh màn hình cảm ứng', 'Điện thoại thông minh kết nối mạng di động 5G, hệ điều hành Android, có chức năng gọi điện và truy cập internet', 'Nguyên chiếc, kèm sạc và cáp'],
  ['Touch-screen smartphone', '5G cellular smartphone running Android, with voice calls and internet access'],
  ['터치스크린 스마트폰', '5G 이동통신 스마트폰, 안드로이드 운영체제, 음성통화와 인터넷 기능']),
  decision('DEMO-104/TB-TCHQ', '2025-05-09', '85176221', [
    'Bộ định tuyến không dây Wi-Fi 6', 'Thiết bị định tuyến không dây băng tần kép 2,4 GHz và 5 GHz, 4 cổng LAN', 'Dùng cho mạng gia đình và văn phòng'],
  ['Wi-Fi 6 wireless router', 'Dual-band 2.4 GHz and 5 GHz wireless routing apparatus with 4 LAN ports'],
  ['Wi-Fi 6 무선 라우터', '2.4GHz·5GHz 듀얼밴드 무선 라우팅 기기, LAN 포트 4개']),
  decision('DEMO-105/TB-TCHQ', '2025-06-30', '09021010', [
    'Chè xanh Thái Nguyên đóng gói', 'Lá chè xanh chưa ủ men, sao khô', 'Túi 200 g, bán lẻ'],
  ['Packed Thai Nguyen green tea', 'Unfermented green tea leaves, pan-dried'],
  ['포장된 타이응우옌 녹차', '발효하지 않고 덖어서 말린 녹차 잎']),
];

/** The instruments behind the schedule; codes they are linked to apply to everything under those codes. */
export const demoRegulations: RegulationInput[] = [
  {
    docNo: '31/2022/TT-BTC', docDate: '2022-06-08', issuer: 'Bộ Tài chính',
    title: 'Thông tư ban hành Danh mục hàng hóa xuất khẩu, nhập khẩu Việt Nam',
    enTitle: 'Circular promulgating the Vietnamese nomenclature of exported and imported goods',
    koTitle: '베트남 수출입 물품 목록을 공포하는 시행규칙',
    summary: 'Danh mục theo AHTN 2022 (mã 8 số), áp dụng từ ngày 01/12/2022.',
    enSummary: 'The nomenclature based on AHTN 2022 (8-digit codes), applicable from 1 December 2022.',
    koSummary: 'AHTN 2022(8단위) 기준 품목 분류표, 2022년 12월 1일부터 적용.',
    codes: ['01', '09', '85'],
  },
  {
    docNo: '26/2023/NĐ-CP', docDate: '2023-05-31', issuer: 'Chính phủ',
    title: 'Nghị định về Biểu thuế xuất khẩu, Biểu thuế nhập khẩu ưu đãi, Danh mục hàng hóa và mức thuế tuyệt đối, thuế hỗn hợp, thuế nhập khẩu ngoài hạn ngạch thuế quan',
    enTitle: 'Decree on the export tariff, the preferential import tariff, and absolute, mixed and out-of-quota import duties',
    koTitle: '수출관세표, 특혜수입관세표, 종량세·복합세·할당외 수입관세에 관한 시행령',
    summary: 'Quy định thuế suất xuất khẩu và thuế suất nhập khẩu ưu đãi theo từng mã hàng, hiệu lực từ ngày 15/07/2023.',
    enSummary: 'Sets export duty and preferential (MFN) import duty rates per tariff line, in force from 15 July 2023.',
    koSummary: '품목별 수출관세율과 특혜(MFN) 수입관세율을 정하며 2023년 7월 15일부터 시행.',
    codes: ['01', '09', '85'],
  },
  {
    docNo: '14/2015/TT-BTC', docDate: '2015-01-30', issuer: 'Bộ Tài chính',
    title: 'Thông tư hướng dẫn về phân loại hàng hóa; phân tích để phân loại hàng hóa; phân tích để kiểm tra chất lượng, kiểm tra an toàn thực phẩm đối với hàng hóa xuất khẩu, nhập khẩu',
    enTitle: 'Circular guiding the classification of goods and analysis for classification of exported and imported goods',
    koTitle: '수출입 물품의 품목분류와 분류를 위한 분석에 관한 시행규칙',
    summary: 'Trình tự phân loại hàng hóa theo sáu quy tắc tổng quát và thủ tục phân tích để phân loại; được sửa đổi bởi Thông tư 17/2021/TT-BTC.',
    enSummary: 'How goods are classified under the six general interpretative rules and how analysis for classification is requested; amended by Circular 17/2021/TT-BTC.',
    koSummary: '6개 통칙에 따른 품목분류 절차와 분류 분석 절차; 시행규칙 17/2021/TT-BTC로 개정.',
    codes: ['8517', '0901'],
  },
];

/** Live animals are wholly obtained under every agreement; coffee follows the general rules of the ASEAN agreements. */
export const demoOriginRules: OriginRuleInput[] = [
  ...['AJ', 'AK', 'VJ', 'AANZ', 'AHK', 'CPTPP', 'RCEP', 'VC', 'VK', 'AC', 'EUEA', 'EV', 'UKV', 'ATIGA'].map((agreement) => ({ hs: '01', agreement, rule: 'WO' })),
  { hs: '0901', agreement: 'ATIGA', rule: 'RVC(40) or CTH' },
  { hs: '0901', agreement: 'AK', rule: 'RVC(40) or CTH' },
  { hs: '0901', agreement: 'AANZ', rule: 'RVC(40) or CTH' },
];

export const demoCoRecords: CoRecordInput[] = [
  { referenceNo: 'DEMO-VN-KR-25-00101', form: 'AK', issueDate: '2025-03-12', exportingCountry: 'VN', importingCountry: 'KR', hs: '09011110', goodsDescription: 'Robusta green coffee beans' },
  { referenceNo: 'DEMO-VN-KR-25-00102', form: 'VK', issueDate: '2025-03-19', exportingCountry: 'VN', importingCountry: 'KR', hs: '85171300', goodsDescription: 'Smartphones' },
  { referenceNo: 'DEMO-VN-JP-25-00201', form: 'VJ', issueDate: '2025-04-02', exportingCountry: 'VN', importingCountry: 'JP', hs: '09012120', goodsDescription: 'Roasted ground coffee' },
  { referenceNo: 'DEMO-VN-EU-25-00301', form: 'EUR.1', issueDate: '2025-05-15', exportingCountry: 'VN', importingCountry: 'DE', hs: '85176221', goodsDescription: 'Wireless routers' },
  { referenceNo: 'DEMO-KR-VN-25-00401', form: 'AK', issueDate: '2025-06-07', exportingCountry: 'KR', importingCountry: 'VN', hs: '85171400', goodsDescription: 'Mobile telephones' },
];
