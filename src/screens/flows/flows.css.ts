import { globalStyle, style } from '@vanilla-extract/css';

export const diagram = style({ overflowX: 'auto', background: '#fff' });
globalStyle(`${diagram} svg`, { maxWidth: 'none', height: 'auto' });
/** Fitted to its box's width: the whole workflow in view at once, on a phone too; "Actual size" zooms back in. */
export const fitted = style({});
globalStyle(`${fitted} svg`, { maxWidth: '100%' });
export const currentNode = style({});
globalStyle(`${currentNode} path, ${currentNode} polygon`, { fill: '#ffbf47', stroke: '#1b1f24', strokeWidth: 3 });

/** One path of the catalogue: its steps wrap at any width (state names are long words). */
export const path = style({ borderTop: '1px solid #d7dce3', paddingTop: '0.5rem', overflowWrap: 'anywhere' });
export const test = style({ fontSize: '0.875rem' });
export const tableBox = style({ overflowX: 'auto' });
/** Status and event names are long single words: they break rather than widen the table on a phone. */
export const transition = style({ overflowWrap: 'anywhere' });
/** A transition never taken: said in words, and in italics, not by colour alone. */
export const never = style({ fontStyle: 'italic' });
/** The simulator's moves: one under another, each as wide as its words need, wrapping on a phone. */
export const moves = style({ listStyle: 'none', padding: 0, display: 'grid', gap: '0.5rem', justifyItems: 'start' });
// A block, not the button's flex row: the target state's name flows after its words instead of
// shrinking, as a flex item, to a letter a line.
globalStyle(`${moves} button`, { display: 'block', textAlign: 'start', overflowWrap: 'anywhere' });
export const now = style({ fontWeight: 600, overflowWrap: 'anywhere' });
/** /flows is wider than a form's page: a laptop shows the diagrams at their own size. */
export const wide = style({ maxWidth: '86rem' });
/** One name or test per line in the trace's cells. */
export const line = style({ display: 'block', overflowWrap: 'anywhere' });
/**
 * A table of short names and figures: its words kept whole (the page's "break anywhere" would
 * split `accusation` on a phone); on a narrow screen it scrolls sideways in its box instead.
 */
export const wholeWords = style({});
globalStyle(`${wholeWords} th, ${wholeWords} td`, { overflowWrap: 'break-word' });
/** The key's row of the state the simulator is in: marked in bold and by `aria-current`, not by colour alone. */
export const keyHere = style({ fontWeight: 700, background: '#fff4d6' });
