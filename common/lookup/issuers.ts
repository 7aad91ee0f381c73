import { fold } from '../text/fold.js';

/**
 * The Vietnamese authorities that issue the regulations and decisions the lookup holds, by the key of their name in
 * the catalogs (`lookup.issuers.<key>`), with their name as the documents write it. A Vietnamese reader sees the
 * issuer as written; others read the authority's name in their language.
 */
export const issuers = {
  nationalAssembly: 'Quốc hội',
  assemblyStandingCommittee: 'Ủy ban Thường vụ Quốc hội',
  government: 'Chính phủ',
  primeMinister: 'Thủ tướng Chính phủ',
  finance: 'Bộ Tài chính',
  customsGeneral: 'Tổng cục Hải quan',
  customs: 'Cục Hải quan',
  industryTrade: 'Bộ Công Thương',
  agriculture: 'Bộ Nông nghiệp và Phát triển nông thôn',
  agricultureEnvironment: 'Bộ Nông nghiệp và Môi trường',
  naturalResources: 'Bộ Tài nguyên và Môi trường',
  health: 'Bộ Y tế',
  scienceTechnology: 'Bộ Khoa học và Công nghệ',
  transport: 'Bộ Giao thông vận tải',
  construction: 'Bộ Xây dựng',
  informationCommunications: 'Bộ Thông tin và Truyền thông',
  culture: 'Bộ Văn hóa, Thể thao và Du lịch',
  publicSecurity: 'Bộ Công an',
  defence: 'Bộ Quốc phòng',
  stateBank: 'Ngân hàng Nhà nước Việt Nam',
} as const;
export type IssuerKey = keyof typeof issuers;

/** Names compared without accents, case, punctuation or spacing: "CHÍNH PHỦ", "Bộ Tài Chính" and "Bo tai chinh" are one. */
const comparable = (name: string) => fold(name.normalize('NFC')).replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
const byName = new Map(Object.entries(issuers).map(([key, name]) => [comparable(name), key as IssuerKey]));
// The central bank is often written without the country.
byName.set(comparable('Ngân hàng Nhà nước'), 'stateBank');

/** The catalog key of an issuer the lookup knows, or null for one it does not (shown as written). */
export function issuerKey(issuer: string): IssuerKey | null {
  return byName.get(comparable(issuer)) ?? null;
}
