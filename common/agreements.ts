/**
 * The free-trade agreements Vietnam applies, keyed by the codes the specification uses (the `option` of the
 * origin-schedule calls, the columns of the product-specific rules). The tariff lookup reads the preferential
 * rate columns from here and the origin schedules read the rules of origin, so a code is named once.
 */

export const agreementCodes = [
  'ATIGA', 'AC', 'AK', 'AJ', 'VJ', 'AI', 'AANZ', 'AHK', 'VK', 'VC', 'EUEA', 'CPTPP', 'EV', 'UKV', 'RCEP',
] as const;
export type AgreementCode = (typeof agreementCodes)[number];

export interface Agreement {
  code: AgreementCode;
  /** The name in common use, the same in every language. */
  name: string;
  /** The proofs of origin the agreement accepts (C/O form letters or names as ECUS records them). */
  coForms: string[];
  /**
   * Headers of the published tariff's preferential-rate columns for this agreement, as the workbook spells them
   * (RCEP has one schedule per partner group, A–F, headed `RCEPT`).
   */
  tariffColumns: string[];
}

export const agreements: Record<AgreementCode, Agreement> = {
  ATIGA: { code: 'ATIGA', name: 'ATIGA', coForms: ['D'], tariffColumns: ['Import duty rate per ATIGA'] },
  AC: { code: 'AC', name: 'ACFTA', coForms: ['E'], tariffColumns: ['Import duty rate per ACFTA'] },
  AK: { code: 'AK', name: 'AKFTA', coForms: ['AK'], tariffColumns: ['Import duty rate per AKFTA'] },
  AJ: { code: 'AJ', name: 'AJCEP', coForms: ['AJ'], tariffColumns: ['Import duty rate per AJCEP'] },
  VJ: { code: 'VJ', name: 'VJEPA', coForms: ['VJ'], tariffColumns: ['Import duty rate per VJEPA'] },
  AI: { code: 'AI', name: 'AIFTA', coForms: ['AI'], tariffColumns: ['Import duty rate per AIFTA'] },
  AANZ: { code: 'AANZ', name: 'AANZFTA', coForms: ['AANZ'], tariffColumns: ['Import duty rate per AANZFTA'] },
  AHK: { code: 'AHK', name: 'AHKFTA', coForms: ['AHK'], tariffColumns: ['Import duty rate per AHKFTA'] },
  VK: { code: 'VK', name: 'VKFTA', coForms: ['VK'], tariffColumns: ['Import duty rate per VKFTA'] },
  VC: { code: 'VC', name: 'VCFTA', coForms: ['VC'], tariffColumns: ['Import duty rate per VCFTA'] },
  EUEA: { code: 'EUEA', name: 'VN–EAEU FTA', coForms: ['EAV'], tariffColumns: ['Import duty rate per VN-EAEU'] },
  CPTPP: { code: 'CPTPP', name: 'CPTPP', coForms: ['CPTPP'], tariffColumns: ['Import duty rate per CPTPP'] },
  EV: { code: 'EV', name: 'EVFTA', coForms: ['EUR.1', 'EUR1', 'EV'], tariffColumns: ['Import duty rate per EVFTA'] },
  UKV: { code: 'UKV', name: 'UKVFTA', coForms: ['EUR.1', 'EUR1', 'UKV'], tariffColumns: ['Import duty rate per UKVFTA'] },
  RCEP: { code: 'RCEP', name: 'RCEP', coForms: ['RCEP'], tariffColumns: ['Import duty rate per RCEPT A', 'Import duty rate per RCEPT B', 'Import duty rate per RCEPT C', 'Import duty rate per RCEPT D', 'Import duty rate per RCEPT E', 'Import duty rate per RCEPT F'] },
};

export function isAgreementCode(value: string): value is AgreementCode {
  return (agreementCodes as readonly string[]).includes(value);
}
