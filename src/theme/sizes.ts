/** Layout sizes of the SPA's text areas and PDF viewers, in rows and CSS pixels. */

export const TEXTAREA_ROWS_CASE = 15;
export const TEXTAREA_ROWS_COMPLAINT = 10;
export const VIEWER_HEIGHT_ATTACHMENT = 700;
export const VIEWER_HEIGHT_MANUAL = 1000;
export const VIEWER_HEIGHT_PRINT = 1000;
/** The preview of a chosen PDF before it is sent. */
export const PDF_PREVIEW_HEIGHT = 400;
/** A text_area question of a case request. */
export const TEXTAREA_ROWS_QUESTION = 4;
