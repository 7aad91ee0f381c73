/** A text cut after `lines` lines with an ellipsis (MUI `sx`): long notes and ancestors in lists that stay scannable. */
export const clampedLines = (lines: number) => ({ display: '-webkit-box', WebkitLineClamp: lines, WebkitBoxOrient: 'vertical', overflow: 'hidden' }) as const;
