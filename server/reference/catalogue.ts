import type { CaseList, Division } from '../../contract/entities.ts';
import type { Queryable } from '../db/client.ts';
import { isUuid } from '../db/sql.ts';
import { notFound } from '../runtime/errors.ts';
import { findDivision, listCaseLists } from './repository.ts';

export { listCaseLists, listDirectorates, listDivisions, listQuestions, listTeams } from './repository.ts';

/** A division by id; anything but an existing division's UUID answers 404. */
export async function getDivision(db: Queryable, id: string): Promise<Division> {
  const found = isUuid(id) ? await findDivision(db, id) : undefined;
  if (!found) throw notFound();
  return found;
}

/** A case type with its questions; anything but an existing one's UUID answers 404. */
export async function getCaseList(db: Queryable, id: string): Promise<CaseList> {
  const [found] = isUuid(id) ? await listCaseLists(db, id) : [];
  if (!found) throw notFound();
  return found;
}
