import type { AgreementCode } from './agreements.js';

/**
 * The tariff schedules a VNACCS declaration line names (`Mã biểu thuế`), as the customs code list publishes them, and
 * which of the lookup's rates each one claims: MFN, the ordinary rate, an agreement's preferential rate, none (not
 * subject to import duty, or processing and export-processing imports at 0%), or rates the lookup does not hold
 * (chapter 98, quotas, absolute and mixed duties, the bilateral schedules with Laos, Cambodia and Cuba), which the
 * tariff check does not judge.
 */
export type ScheduleClaim = { rates: 'MFN' | 'ordinary' | 'none' | 'not_loaded' } | { rates: 'agreement'; agreement: AgreementCode };

const agreement = (code: AgreementCode): ScheduleClaim => ({ rates: 'agreement', agreement: code });
const notLoaded: ScheduleClaim = { rates: 'not_loaded' };

export const tariffSchedules: Readonly<Record<string, { name: string; claim: ScheduleClaim }>> = {
  B01: { name: 'Biểu thuế nhập khẩu ưu đãi (MFN)', claim: { rates: 'MFN' } },
  B02: { name: 'Chương 98 (1) – Biểu thuế nhập khẩu ưu đãi', claim: notLoaded },
  B03: { name: 'Biểu thuế nhập khẩu thông thường', claim: { rates: 'ordinary' } },
  B04: { name: 'ATIGA (ASEAN)', claim: agreement('ATIGA') },
  B05: { name: 'ACFTA (ASEAN – Trung Quốc)', claim: agreement('AC') },
  B06: { name: 'AKFTA (ASEAN – Hàn Quốc)', claim: agreement('AK') },
  B07: { name: 'AANZFTA (ASEAN – Úc – New Zealand)', claim: agreement('AANZ') },
  B08: { name: 'AIFTA (ASEAN – Ấn Độ)', claim: agreement('AI') },
  B09: { name: 'AJCEP (ASEAN – Nhật Bản)', claim: agreement('AJ') },
  B10: { name: 'VJEPA (Việt Nam – Nhật Bản)', claim: agreement('VJ') },
  B11: { name: 'Ưu đãi thuế suất nhập khẩu Việt – Lào', claim: notLoaded },
  B12: { name: 'Hàng hóa có xuất xứ Campuchia', claim: notLoaded },
  B13: { name: 'VCFTA (Việt Nam – Chi Lê)', claim: agreement('VC') },
  B14: { name: 'Biểu thuế nhập khẩu ngoài hạn ngạch', claim: notLoaded },
  B15: { name: 'Biểu thuế nhập khẩu tuyệt đối', claim: notLoaded },
  B16: { name: 'Biểu thuế nhập khẩu hỗn hợp', claim: notLoaded },
  B17: { name: 'Chương 98 (2) – Biểu thuế nhập khẩu ưu đãi', claim: notLoaded },
  B18: { name: 'VKFTA (Việt Nam – Hàn Quốc)', claim: agreement('VK') },
  B19: { name: 'VN – EAEU FTA (Liên minh Kinh tế Á – Âu)', claim: agreement('EUEA') },
  B20: { name: 'CPTPP – hàng hóa từ Mê-hi-cô', claim: agreement('CPTPP') },
  B21: { name: 'CPTPP – hàng hóa từ Úc, Canada, Nhật Bản, New Zealand, Singapore', claim: agreement('CPTPP') },
  B22: { name: 'CPTPP – ô tô đã qua sử dụng trong hạn ngạch', claim: notLoaded },
  B23: { name: 'AHKFTA (ASEAN – Hồng Kông, Trung Quốc)', claim: agreement('AHK') },
  B24: { name: 'Hiệp định thương mại Việt Nam – Cu Ba', claim: notLoaded },
  B25: { name: 'EVFTA (Việt Nam – EU)', claim: agreement('EV') },
  B30: { name: 'Đối tượng không chịu thuế nhập khẩu', claim: { rates: 'none' } },
  B61: { name: 'Gia công, chế xuất với thuế suất 0%', claim: { rates: 'none' } },
  B99: { name: 'Biểu thuế khác', claim: notLoaded },
};

/** A schedule code as declared, in the list's spelling ('b05 ' → 'B05'), or null. */
export const scheduleCode = (text: string | null | undefined) => (text ? text.trim().toUpperCase() : '') || null;
