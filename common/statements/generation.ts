/**
 * The generation of the finalization forms a report follows (shared notes on Circular 121/2025/TT-BTC): Circular
 * 39/2018's forms for periods ending before 01/02/2026, Circular 121/2025's from then on. The Circular has no transition
 * clause, so a company may set the generation of its reports itself (`form_generation`), and the report says which
 * one it follows.
 */
export const formGenerations = ['tt39', 'tt121'] as const;
export type FormGeneration = (typeof formGenerations)[number];

/** The day Circular 121/2025 came into force. */
export const tt121From = '2026-02-01';

/** The generation of a period's reports: the company's choice, else by the period's end date. */
export const generationOf = (dateEnd: string, companyChoice: FormGeneration | null | undefined): FormGeneration =>
  companyChoice ?? (dateEnd >= tt121From ? 'tt121' : 'tt39');

/** Form 16 column (9) marks of Circular 121: material recovered from re-imported products, and their repair or recycling. */
export const tt121Form16Marks = ['TH', 'SPTN'] as const;
