import { describe, expect, it } from 'vitest';
import { caseLinkHref, linkedPage, withCaseNumber } from '../../contract/linked.ts';
import { LINKED_ID_MAX_LENGTH } from '../../contract/limits.ts';

describe('a page a link named (ADR 0034)', () => {
  it('is a page of the dashboard, with the case number the mail’s link carries', () => {
    expect(linkedPage(caseLinkHref('c-1', 'HDAB-2019-000010'))).toEqual({
      href: '/dashboard/case/c-1',
      caseNumber: 'HDAB-2019-000010',
      caseListId: null,
      caseId: 'c-1',
      print: false,
    });
    // A mail's link names the case's type too (ADR 0040); a type that is not an id is not handed on.
    expect(linkedPage(caseLinkHref('c-1', 'HDAB-2019-000010', 't-1'))?.caseListId).toBe('t-1');
    expect(linkedPage('/dashboard/case/c-1?case=HDAB-2019-000010&type=a%20b')?.caseListId).toBeNull();
    expect(linkedPage('/dashboard/case/3110fd66-e4dc-49bc-b0db-3c787eadf108')).toEqual({
      href: '/dashboard/case/3110fd66-e4dc-49bc-b0db-3c787eadf108',
      caseNumber: null,
      caseListId: null,
      caseId: '3110fd66-e4dc-49bc-b0db-3c787eadf108',
      print: false,
    });
    expect(linkedPage('/dashboard/settings')).toMatchObject({ href: '/dashboard/settings', caseId: null });
    // The case's id the login names: only a case's page, only as long as a link may name an id (LINKED_ID_MAX_LENGTH); the type's too.
    expect(linkedPage(`/dashboard/case/${'a'.repeat(LINKED_ID_MAX_LENGTH)}`)?.caseId).toHaveLength(
      LINKED_ID_MAX_LENGTH,
    );
    expect(linkedPage(`/dashboard/case/${'a'.repeat(LINKED_ID_MAX_LENGTH + 1)}`)?.caseId).toBeNull();
    expect(linkedPage('/dashboard/case/c-1/x')?.caseId).toBeNull();
    expect(linkedPage(`/dashboard/case/c-1?type=${'t'.repeat(LINKED_ID_MAX_LENGTH)}`)?.caseListId).toHaveLength(
      LINKED_ID_MAX_LENGTH,
    );
    expect(linkedPage(`/dashboard/case/c-1?type=${'t'.repeat(LINKED_ID_MAX_LENGTH + 1)}`)?.caseListId).toBeNull();
  });

  it('is never another site, scheme or page outside the dashboard, whoever wrote the address', () => {
    for (const address of [
      'https://evil.example/dashboard/case/1',
      '//evil.example/dashboard/case/1',
      '/\\evil.example/dashboard',
      'javascript:alert(1)//dashboard',
      '/login',
      '/dashboardx',
      '/dashboard/../login',
      '/dashboard/%2e%2e/login',
      '',
      null,
      42,
      `/dashboard/${'a'.repeat(600)}`,
    ])
      expect(linkedPage(address), String(address)).toBeNull();
    // What follows the address's # is not part of the page: it cannot lead elsewhere.
    expect(linkedPage('/dashboard/case/1#x/../../login')?.href).toBe('/dashboard/case/1');
  });

  it('names a case only by what reads as a case number', () => {
    expect(linkedPage('/dashboard/case/c-1?case=<b>HDAB</b>')?.caseNumber).toBeNull();
    expect(linkedPage('/dashboard/case/c-1?case=Call%20us%20at%20555')?.caseNumber).toBeNull();
    expect(linkedPage('/dashboard/case/c-1?case=HDAB-2019-000010')?.caseNumber).toBe('HDAB-2019-000010');
  });
});

describe('a print a login comes back to (issue 51)', () => {
  it('is a case’s print, named by its number, and nothing beside the print', () => {
    expect(linkedPage(withCaseNumber('/print/c-1', 'HDAB-2019-000010'))).toEqual({
      href: '/print/c-1',
      caseNumber: 'HDAB-2019-000010',
      caseListId: null,
      caseId: null,
      print: true,
    });
    for (const address of ['/print', '/print/', '/print/c-1/x', '/printx/c-1', '/print/../login'])
      expect(linkedPage(address), address).toBeNull();
  });
});
