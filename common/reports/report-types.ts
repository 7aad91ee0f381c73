/**
 * Business-intelligence reports: the types of the catalogue and BCQT's sub types. Kept apart from the payload schemas so
 * the menu, which every signed-in page draws, does not bring the schema library into the first page's JavaScript.
 */
export const biReportTypes = ['XNK-UTM-CO', 'BCQT', 'Tax'] as const;
export const bcqtSubTypes = ['GC', 'SXXK', 'Standard'] as const;
