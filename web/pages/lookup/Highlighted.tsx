import Box from '@mui/material/Box';
import { highlightPieces } from '../../../common/lookup/highlight.js';

/** Draws server highlighting as text with <mark> elements, never as HTML. */
export function Highlighted({ html, text }: { html?: string; text: string }) {
  if (!html) return <>{text}</>;
  return (
    <>
      {highlightPieces(html).map((piece, index) => piece.mark
        ? <Box component="mark" key={index} sx={{ bgcolor: 'warning.light', color: 'inherit', borderRadius: 0.5, px: 0.25 }}>{piece.text}</Box>
        : <span key={index}>{piece.text}</span>)}
    </>
  );
}
