import { LANGS } from '../../contract/languages.ts';
import type { CaseList, Directorate, Division, Question, Team } from '../../contract/entities.ts';
import type { Queryable } from '../db/client.ts';
import { langCols } from '../db/sql.ts';

/** The reference data's SQL and row mapping: divisions, directorates, teams, case types and their questions. */

type Row = Record<string, unknown>;

function pickLang(row: Row, prefix: string): Record<string, string> {
  return Object.fromEntries(LANGS.map((l) => [`${prefix}_${l}`, String(row[`${prefix}_${l}`] ?? '')]));
}

const toDivision = (r: Row): Division =>
  ({
    _id: String(r.id),
    status: r.status as Division['status'],
    special: r.special as Division['special'],
    ...(pickLang(r, 'name') as Pick<Division, 'name_en'>),
    ...(pickLang(r, 'description') as Pick<Division, 'description_en'>),
  }) as Division;

export async function listDivisions(db: Queryable): Promise<Division[]> {
  const rows = await db.query(
    `SELECT id, status, special, ${langCols('name')}, ${langCols('description')} FROM divisions ORDER BY position`,
  );
  return rows.map(toDivision);
}

/** A division by its id (a UUID), or nothing. */
export async function findDivision(db: Queryable, id: string): Promise<Division | undefined> {
  const rows = await db.query(
    `SELECT id, status, special, ${langCols('name')}, ${langCols('description')} FROM divisions WHERE id = $1`,
    [id],
  );
  return rows[0] ? toDivision(rows[0]) : undefined;
}

export async function listDirectorates(db: Queryable): Promise<Directorate[]> {
  const rows = await db.query(
    `SELECT id, division_id, status, ${langCols('name')} FROM directorates ORDER BY position`,
  );
  return rows.map(
    (r) =>
      ({
        _id: String(r.id),
        status: r.status,
        ...pickLang(r, 'name'),
        division: { _id: String(r.division_id) },
      }) as Directorate,
  );
}

export async function listTeams(db: Queryable): Promise<Team[]> {
  const rows = await db.query(`SELECT id, division_id, status, ${langCols('name')} FROM teams ORDER BY position`);
  return rows.map(
    (r) =>
      ({
        _id: String(r.id),
        status: r.status,
        ...pickLang(r, 'name'),
        division: { _id: String(r.division_id) },
      }) as Team,
  );
}

export async function listQuestions(db: Queryable, caseListId?: string): Promise<Question[]> {
  const questions = await db.query(
    `SELECT id, case_list_id, input_type, data_type, is_required, ${langCols('name')} FROM questions
     ${caseListId ? 'WHERE case_list_id = $1' : ''} ORDER BY case_list_id, position`,
    caseListId ? [caseListId] : [],
  );
  const values = await db.query(
    `SELECT e.id, e.question_id, ${langCols('value', 'e.')} FROM enum_values e JOIN questions q ON q.id = e.question_id
     ${caseListId ? 'WHERE q.case_list_id = $1' : ''} ORDER BY e.question_id, e.position`,
    caseListId ? [caseListId] : [],
  );
  const byQuestion = new Map<string, Question['enumValues']>();
  for (const v of values) {
    const list = byQuestion.get(String(v.question_id)) ?? [];
    list.push({
      _id: String(v.id),
      expectedValues: pickLang(v, 'value') as Question['enumValues'][number]['expectedValues'],
    });
    byQuestion.set(String(v.question_id), list);
  }
  return questions.map(
    (q) =>
      ({
        _id: String(q.id),
        caselist: { _id: String(q.case_list_id) },
        inputType: q.input_type,
        dataType: q.data_type,
        isRequired: q.is_required,
        ...pickLang(q, 'name'),
        enumValues: byQuestion.get(String(q.id)) ?? [],
      }) as Question,
  );
}

export async function listCaseLists(db: Queryable, id?: string): Promise<CaseList[]> {
  const rows = await db.query(
    `SELECT id, division_id, status, time_limit, ${langCols('case_name')} FROM case_lists ${id ? 'WHERE id = $1' : ''} ORDER BY position`,
    id ? [id] : [],
  );
  const questions = await listQuestions(db, id);
  return rows.map(
    (r) =>
      ({
        _id: String(r.id),
        division: { _id: String(r.division_id) },
        status: r.status,
        time_limit: Number(r.time_limit),
        ...pickLang(r, 'case_name'),
        questions: questions.filter((q) => q.caselist._id === String(r.id)),
      }) as CaseList,
  );
}
