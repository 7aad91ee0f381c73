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
  /** Rules of origin (domain §7.2–§7.4): the value base of its tests and its de minimis share of that base. */
  origin: {
    base: 'FOB' | 'EXW';
    /** Percent of the base non-originating materials failing a change of classification may reach; null: none. */
    deMinimisPercent: number | null;
    /** The rule of products the product-specific rules do not list (empty: the agreement has only specific rules). */
    generalRule: string;
  };
}

const fob = (generalRule: string, deMinimisPercent: number | null = 10) => ({ base: 'FOB' as const, deMinimisPercent, generalRule });

export const agreements: Record<AgreementCode, Agreement> = {
  ATIGA: { code: 'ATIGA', name: 'ATIGA', coForms: ['D'], tariffColumns: ['Import duty rate per ATIGA'], origin: fob('RVC40 or CTH') },
  AC: { code: 'AC', name: 'ACFTA', coForms: ['E'], tariffColumns: ['Import duty rate per ACFTA'], origin: fob('RVC40 or CTH') },
  AK: { code: 'AK', name: 'AKFTA', coForms: ['AK'], tariffColumns: ['Import duty rate per AKFTA'], origin: fob('RVC40 or CTH') },
  AJ: { code: 'AJ', name: 'AJCEP', coForms: ['AJ'], tariffColumns: ['Import duty rate per AJCEP'], origin: fob('QVC40 or CTH') },
  VJ: { code: 'VJ', name: 'VJEPA', coForms: ['VJ'], tariffColumns: ['Import duty rate per VJEPA'], origin: fob('LVC40 or CTH') },
  AI: { code: 'AI', name: 'AIFTA', coForms: ['AI'], tariffColumns: ['Import duty rate per AIFTA'], origin: fob('RVC35 and CTSH', null) },
  AANZ: { code: 'AANZ', name: 'AANZFTA', coForms: ['AANZ'], tariffColumns: ['Import duty rate per AANZFTA'], origin: fob('RVC40 or CTH') },
  AHK: { code: 'AHK', name: 'AHKFTA', coForms: ['AHK'], tariffColumns: ['Import duty rate per AHKFTA'], origin: fob('RVC40 or CTH') },
  VK: { code: 'VK', name: 'VKFTA', coForms: ['VK'], tariffColumns: ['Import duty rate per VKFTA'], origin: fob('RVC40 or CTH') },
  VC: { code: 'VC', name: 'VCFTA', coForms: ['VC'], tariffColumns: ['Import duty rate per VCFTA'], origin: fob('RVC40 or CTH') },
  EUEA: { code: 'EUEA', name: 'VN–EAEU FTA', coForms: ['EAV'], tariffColumns: ['Import duty rate per VN-EAEU'], origin: fob('VAC40 or CTH') },
  CPTPP: { code: 'CPTPP', name: 'CPTPP', coForms: ['CPTPP'], tariffColumns: ['Import duty rate per CPTPP'], origin: fob('') },
  EV: { code: 'EV', name: 'EVFTA', coForms: ['EUR.1', 'EUR1', 'EV'], tariffColumns: ['Import duty rate per EVFTA'], origin: { base: 'EXW', deMinimisPercent: 10, generalRule: '' } },
  UKV: { code: 'UKV', name: 'UKVFTA', coForms: ['EUR.1', 'EUR1', 'UKV'], tariffColumns: ['Import duty rate per UKVFTA'], origin: { base: 'EXW', deMinimisPercent: 10, generalRule: '' } },
  RCEP: { code: 'RCEP', name: 'RCEP', coForms: ['RCEP'], tariffColumns: ['Import duty rate per RCEPT A', 'Import duty rate per RCEPT B', 'Import duty rate per RCEPT C', 'Import duty rate per RCEPT D', 'Import duty rate per RCEPT E', 'Import duty rate per RCEPT F'], origin: fob('RVC40 or CTH') },
};

export function isAgreementCode(value: string): value is AgreementCode {
  return (agreementCodes as readonly string[]).includes(value);
}
