import type { CaseStatus, CaseSummary } from '../../contract/entities.ts';
import { LANGS } from '../../contract/common.ts';
import { langCols } from '../db/sql.ts';

/** A row as the database driver gives it. */
export type Row = Record<string, unknown>;

export const langPick = (r: Row, prefix: string, from = prefix) => Object.fromEntries(LANGS.map((l) => [`${prefix}_${l}`, String(r[`${from}_${l}`] ?? '')]));

export const iso = (v: unknown): string | null => (v instanceof Date ? v.toISOString() : v == null ? null : String(v));

export const SUMMARY_SQL = `
  SELECT c.id, c.case_number, c.status, c.created_at, c.division_id, c.case_list_id,
         ${langCols('name', 'd.')}, ${LANGS.map((l) => `cl.case_name_${l}`).join(', ')}
  FROM cases c JOIN divisions d ON d.id = c.division_id JOIN case_lists cl ON cl.id = c.case_list_id`;

export const toSummary = (r: Row): CaseSummary => ({
  _id: String(r.id),
  case_number: String(r.case_number),
  status: r.status as CaseStatus,
  createdAt: iso(r.created_at) ?? '',
  division: { _id: String(r.division_id), ...langPick(r, 'name') } as CaseSummary['division'],
  caselist: { _id: String(r.case_list_id), ...langPick(r, 'case_name') } as CaseSummary['caselist'],
});
