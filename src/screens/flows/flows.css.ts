import { globalStyle, style } from '@vanilla-extract/css';

export const diagram = style({ overflowX: 'auto', background: '#fff' });
globalStyle(`${diagram} svg`, { maxWidth: 'none', height: 'auto' });
export const currentNode = style({});
globalStyle(`${currentNode} path, ${currentNode} polygon`, { fill: '#ffbf47', stroke: '#1b1f24', strokeWidth: 3 });
