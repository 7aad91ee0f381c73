/**
 * The report tables' layout at a laptop's width (1366 pixels beside the menu): narrow cell padding and captions
 * that wrap, so that a dozen columns fit, and a column kept in view at the right edge when they still do not.
 */
export const compactTable = { '& th': { whiteSpace: 'normal', verticalAlign: 'bottom', lineHeight: 1.3 }, '& td, & th': { px: 1 } } as const;

/** A column kept in view at the right edge of a table that scrolls sideways, set off from the columns passing under it. */
export const pinnedRight = { position: 'sticky', right: 0, zIndex: 1, bgcolor: 'background.paper', borderLeft: 1, borderLeftColor: 'divider' } as const;
