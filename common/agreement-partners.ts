import { type AgreementCode, agreements } from './agreements.js';

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

/** One row per agreement and partner country: the tariff schedule whose rate goods of that origin get. */
export const partnerSchedules: Array<{ agreement: AgreementCode; schedule: string; country: string }> = Object.values(agreements).flatMap((agreement) =>
  agreement.code === 'RCEP'
    ? Object.entries(rcepGroups).flatMap(([group, countries]) => countries.map((country) => ({ agreement: agreement.code, schedule: `RCEP ${group}`, country })))
    : agreementPartners[agreement.code].map((country) => ({ agreement: agreement.code, schedule: agreement.code, country })));

/** C/O forms as declared (upper case, no spaces) → the agreements they claim (EUR.1: EVFTA or UKVFTA). */
export const coFormAgreements: Record<string, AgreementCode[]> = {};
for (const agreement of Object.values(agreements)) {
  for (const form of agreement.coForms) (coFormAgreements[form.toUpperCase().replace(/\s/g, '')] ??= []).push(agreement.code);
}
