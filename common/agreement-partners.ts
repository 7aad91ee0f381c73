import { type AgreementCode, agreementCodes, agreements } from './agreements.js';

/**
 * Who Vietnam's agreements cover (ISO 3166 alpha-2): the origins whose goods may claim each agreement's rates.
 * The C/O utilisation report reads it to know which agreement an import without a C/O could have claimed.
 */
const asean = ['BN', 'KH', 'ID', 'LA', 'MY', 'MM', 'PH', 'SG', 'TH'];
const europeanUnion = [
  'AT', 'BE', 'BG', 'HR', 'CY', 'CZ', 'DK', 'EE', 'FI', 'FR', 'DE', 'GR', 'HU', 'IE', 'IT', 'LV', 'LT', 'LU', 'MT', 'NL', 'PL', 'PT', 'RO', 'SK',
  'SI', 'ES', 'SE',
];

export const agreementPartners: Record<AgreementCode, string[]> = {
  ATIGA: asean,
  AC: [...asean, 'CN'],
  AK: [...asean, 'KR'],
  AJ: [...asean, 'JP'],
  VJ: ['JP'],
  AI: [...asean, 'IN'],
  AANZ: [...asean, 'AU', 'NZ'],
  AHK: [...asean, 'HK'],
  VK: ['KR'],
  VC: ['CL'],
  EUEA: ['RU', 'BY', 'AM', 'KZ', 'KG'],
  CPTPP: ['AU', 'BN', 'CA', 'CL', 'JP', 'MY', 'MX', 'NZ', 'PE', 'SG'],
  EV: europeanUnion,
  UKV: ['GB'],
  RCEP: [...asean, 'AU', 'CN', 'JP', 'KR', 'NZ'],
};

/** Vietnam's RCEP schedule has one rate column per partner group (A ASEAN, B Australia, C China, D Japan, E Korea, F New Zealand). */
const rcepGroups: Record<string, string[]> = { A: asean, B: ['AU'], C: ['CN'], D: ['JP'], E: ['KR'], F: ['NZ'] };

/**
 * Where several agreements give an origin the same rate, the one closest to it is named: the agreement with the
 * fewest partners (a Thai good is ATIGA's, not AANZFTA's or RCEP's; a Korean one VKFTA's before AKFTA's), then the
 * order of `agreementCodes`. Lower ranks first.
 */
const agreementRank = (code: AgreementCode) => agreementPartners[code].length * 100 + agreementCodes.indexOf(code);

/** One row per agreement and partner country: the tariff schedule whose rate goods of that origin get, and the agreement's rank. */
export const partnerSchedules: Array<{ agreement: AgreementCode; schedule: string; country: string; rank: number }> = Object.values(agreements).flatMap((agreement) =>
  agreement.code === 'RCEP'
    ? Object.entries(rcepGroups).flatMap(([group, countries]) => countries.map((country) => ({ agreement: agreement.code, schedule: `RCEP ${group}`, country, rank: agreementRank('RCEP') })))
    : agreementPartners[agreement.code].map((country) => ({ agreement: agreement.code, schedule: agreement.code, country, rank: agreementRank(agreement.code) })));

/**
 * A C/O form as declarations write it (`D`, `Form D`, `C/O form E`, `EUR 1`) reduced to the key of `coFormAgreements`:
 * upper case, without the words C/O and form, letters and digits only. `coFormKeySql` is the same in SQL.
 */
export const coFormKey = (declared: string) => declared.toUpperCase().trim().replace(/^(C\s*\/?\s*O\b)?\s*(FORM|MAU)?\s*/, '').replace(/[^A-Z0-9]/g, '');
export const coFormKeySql = (column: string) =>
  `regexp_replace(regexp_replace(upper(trim(${column})), '^(C\\s*/?\\s*O\\M)?\\s*(FORM|MAU)?\\s*', ''), '[^A-Z0-9]', '', 'g')`;

/** C/O forms by `coFormKey` → the agreements they claim (EUR.1: EVFTA or UKVFTA). */
export const coFormAgreements: Record<string, AgreementCode[]> = {};
for (const agreement of Object.values(agreements)) {
  for (const form of agreement.coForms) {
    const claims = (coFormAgreements[coFormKey(form)] ??= []);
    if (!claims.includes(agreement.code)) claims.push(agreement.code);
  }
}
