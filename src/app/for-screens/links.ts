import { MAP_ORIGIN } from '../../../contract/paths.ts';

/** The bureau's own website (the blue bar's external link). */
export const BUREAU_WEBSITE = 'https://www.aahdab.gov.et/';

/** An embeddable map of the bureau's location (Addis Ababa). */
export const MAP_EMBED = `${MAP_ORIGIN}/export/embed.html?bbox=38.74%2C9.00%2C38.78%2C9.03&layer=mapnik&marker=9.0155%2C38.7600`;

/** The same place on OpenStreetMap's own site, for a new tab. */
export const MAP_LINK = `${MAP_ORIGIN}/?mlat=9.0155&mlon=38.7600#map=16/9.0155/38.7600`;
