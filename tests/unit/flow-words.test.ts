import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { setup } from 'xstate';
import type { Catalogue, MachineWords } from '../../contract/flow-catalogue.ts';
import { catalogueOf } from '../../scripts/flows/catalogue.ts';
import { catalogueToFiles } from '../../scripts/flows/catalogue-files.ts';
import { checkWords, wordsOf } from '../../scripts/flows/words.ts';
import { FLOWS_DIR, loadMachines } from '../../scripts/flows/graph.ts';

/** The words of the flows, in English and Amharic: every state, event, guard and action described, and the catalogue's steps from the transitions taken. */
describe('the words of the flows, in English and Amharic', () => {
  it('every state, event, guard and action of every machine has a one-line description in both languages, and none is left over', async () => {
    for (const named of await loadMachines()) {
      expect(checkWords(named.machine, wordsOf(named)), named.source).toEqual([]);
      const { askedWhen, ...rest } = wordsOf(named);
      const all = [...Object.values(rest), askedWhen?.times ?? {}];
      for (const w of all.flatMap((v: object) => ('en' in v ? [v] : Object.values(v))) as {
        en: string;
        am: string;
      }[]) {
        expect(w.am, `${named.name}: "${w.en}" in Amharic is written in Ethiopic`).toMatch(/[\u1200-\u137f]/);
        expect(w.en.length + w.am.length, `${named.name}: "${w.en}" is one line`).toBeLessThan(260);
      }
    }
  });

  const words: MachineWords = {
    machine: { en: 'A form.', am: 'ቅጽ።' },
    start: { en: 'The customer opens the form.', am: 'ደንበኛው ቅጹን ይከፍታል።' },
    states: { editing: { en: 'Typing.', am: 'በመጻፍ ላይ።' }, sent: { en: 'Sent.', am: 'ተልኳል።' } },
    events: { SEND: { en: 'The customer presses Send.', am: 'ደንበኛው ላክ ይጫናል።' }, BACK: { en: 'Back.', am: 'ተመለስ።' } },
    guards: { filled: { en: 'the form is filled', am: 'ቅጹ ከተሞላ' } },
  };
  const form = setup({ guards: { filled: () => true } }).createMachine({
    id: 'form',
    initial: 'editing',
    states: { editing: { on: { SEND: { guard: 'filled', target: 'sent' } } }, sent: { on: { BACK: 'editing' } } },
  });
  const named = { name: 'form', source: 'machines/form.machine.ts', machine: form };

  it('a word missing or left over is named', () => {
    const { SEND: _send, ...events } = words.events;
    expect(checkWords(form, { ...words, events: { ...events, GONE: { en: 'x.', am: 'ሀ።' } } })).toEqual([
      'events.SEND: no description in en and am',
      'events.GONE: the machine has no such event',
    ]);
    // The simulator's "when": each variant an asker, of an asker, at a time the words give.
    const asking = {
      ...words,
      askers: { owner: { en: 'asked by the owner', am: 'በባለቤቱ ሲጠየቅ' }, ownerLate: { en: 'late', am: 'ዘግይቶ' } },
    };
    const times = { inTime: { en: 'in time', am: 'በጊዜው' }, late: { en: 'late', am: 'ዘግይቶ' } };
    expect(
      checkWords(form, { ...asking, askedWhen: { times, variants: { ownerLate: { who: 'owner', when: 'late' } } } }),
    ).toEqual([]);
    expect(
      checkWords(form, {
        ...asking,
        askedWhen: {
          times: { ...times, never: { en: '', am: '' } },
          variants: { ownerLate: { who: 'owner', when: 'soon' }, gone: { who: 'nobody', when: 'late' } },
        },
      }),
    ).toEqual([
      'askedWhen.times.never: no description in en and am',
      'askedWhen.variants.ownerLate: soon is not in the words',
      'askedWhen.variants.gone: gone is not in the words',
      'askedWhen.variants.gone: nobody is not in the words',
    ]);
  });

  it("a step says what its transition's actions do, from the machine's own action words (or the shared ones); a missing one is named", () => {
    const saving = setup({
      guards: { filled: () => true },
      actions: { keepIt: () => undefined, saveDraft: () => undefined },
    }).createMachine({
      id: 'form',
      initial: 'editing',
      states: {
        editing: { on: { SEND: { guard: 'filled', target: 'sent', actions: ['keepIt', 'saveDraft'] } } },
        sent: { on: { BACK: 'editing' } },
      },
    });
    const own = { ...words, actions: { keepIt: { en: 'The form is kept.', am: 'ቅጹ ይቀመጣል።' } } };
    expect(checkWords(saving, words)).toEqual([
      'actions.keepIt: no description in en and am (here or in machines/actions.words.json)',
    ]);
    expect(checkWords(saving, own)).toEqual([]); // saveDraft: the shared words
    expect(checkWords(saving, { ...own, actions: { ...own.actions, gone: own.actions.keepIt } })).toEqual([
      'actions.gone: the machine has no such action',
    ]);
    const send = { transition: 'editing --SEND#0', to: ['sent'] };
    const catalogue = catalogueOf({ ...named, machine: saving }, own, [
      {
        test: 'a.test.ts › t',
        shortest: { states: { editing: [], sent: [send] }, transitions: { 'editing --SEND#0': [send] } },
      },
    ]);
    const entry = catalogue.entries.find((e) => e.title === 'editing · SEND [filled] -> sent');
    expect(entry?.text.en.about).toBe(
      'The customer presses Send. When the form is filled. The form is kept. What is typed is kept as a draft in this tab.',
    );
    expect(entry?.text.am.steps[1]).toBe('ቅጹ ከተሞላ፣ ደንበኛው ላክ ይጫናል። ቅጹ ይቀመጣል። የተጻፈው በዚህ ትር ውስጥ እንደ ረቂቅ ይቀመጣል። → sent');
  });

  it('the catalogue writes the shortest played path to each state and transition as numbered steps, with its test; a gap is named', () => {
    const send = { transition: 'editing --SEND#0', to: ['sent'] };
    const played = [
      {
        test: 'b.test.ts › long',
        shortest: { states: { editing: [], sent: [send, send] }, transitions: { 'editing --SEND#0': [send, send] } },
      },
      {
        test: 'a.test.ts › short',
        shortest: {
          states: { editing: [], sent: [send] },
          transitions: { 'editing --SEND#0': [send] },
          paths: { states: { editing: 1, sent: 2 }, transitions: { 'editing --SEND#0': 2 } },
        },
      },
    ];
    const catalogue = catalogueOf(named, words, played);
    expect(catalogue.missing).toEqual(['transition sent · BACK -> editing']);
    const sent = catalogue.entries.find((e) => e.title === 'sent');
    expect(sent).toMatchObject({ kind: 'state', test: 'a.test.ts › short › path 2' });
    expect(sent?.text.en.steps).toEqual([
      'The customer opens the form.',
      'The customer presses Send. When the form is filled. → sent',
    ]);
    expect(sent?.text.am.steps).toEqual(['ደንበኛው ቅጹን ይከፍታል።', 'ቅጹ ከተሞላ፣ ደንበኛው ላክ ይጫናል። → sent']);
    const md = catalogueToFiles('form', catalogue).get('form.md') ?? '';
    expect(md).toContain('#### 3. `editing · SEND [filled] -> sent`');
    expect(md).toContain('2. The customer presses Send. When the form is filled. → sent');
    expect(md).toContain('የሚፈትነው: `a.test.ts › short › path 2`');
  });

  it('no two transitions out of the same state read the same, in either language (an unguarded branch says the guards it is taken without)', () => {
    const same: string[] = [];
    for (const file of readdirSync(FLOWS_DIR).filter((f) => f.endsWith('.paths.json'))) {
      const { entries } = JSON.parse(readFileSync(path.join(FLOWS_DIR, file), 'utf8')) as Catalogue;
      const seen = new Map<string, string>();
      for (const e of entries.filter((x) => x.kind === 'transition'))
        for (const lang of ['en', 'am'] as const) {
          const key = `${e.title.split(' · ')[0]} ${lang} ${e.text[lang].about}`;
          const other = seen.get(key);
          if (other) same.push(`${file}: ${other} and ${e.title} read "${e.text[lang].about}"`);
          seen.set(key, e.title);
        }
      expect(entries.length, file).toBeGreaterThan(0);
    }
    expect(same).toEqual([]);
    const apply = readFileSync(path.join(FLOWS_DIR, 'apply.md'), 'utf8');
    expect(apply).toMatch(
      /^#### \d+\. `loading · loadOptions failed -> failed`\n\nLoading the application form fails\. Unless the server answers that there were too many requests\./m,
    );
  });

  it('every transition entry ends with the step of that transition, as the actor took it, in both languages (issue 49)', () => {
    const wrong: string[] = [];
    for (const file of readdirSync(FLOWS_DIR).filter((f) => f.endsWith('.paths.json'))) {
      const { entries } = JSON.parse(readFileSync(path.join(FLOWS_DIR, file), 'utf8')) as Catalogue;
      for (const e of entries.filter((x) => x.kind === 'transition'))
        for (const lang of ['en', 'am'] as const) {
          const { about, steps } = e.text[lang];
          if (!steps.at(-1)?.startsWith(`${about} → `))
            wrong.push(`${file} ${e.title} (${lang}): ends with "${steps.at(-1)}", not "${about}"`);
        }
    }
    expect(wrong).toEqual([]);
  });

  it('the case lifecycle lists every move it refuses, with its reason and its test: a second appeal, a late one, a step of another role, four eyes', () => {
    const c = JSON.parse(readFileSync(path.join(FLOWS_DIR, 'case-lifecycle.paths.json'), 'utf8')) as Catalogue;
    const refused = c.entries.filter((e) => e.kind === 'refused');
    // Every status is listed; a rejected case twice: before its one appeal and after it.
    expect(refused.map((e) => e.title.split(' · ')[0]).sort()).toEqual([
      'appealed',
      'info_requested',
      'ongoing',
      'pending',
      'rejected',
      'rejected',
      'responded',
      'verified',
      'withdrawn',
    ]);
    const lines = (lang: 'en' | 'am') => refused.flatMap((e) => e.text[lang].refused ?? []);
    expect(lines('en')).toContain(
      "`APPEAL`, asked by the case's owner: a case is appealed once at most, and this one has been.",
    );
    expect(lines('en')).toContain(
      "`APPEAL`, asked by the case's owner more than 30 days after the rejection: the 30 days for an appeal after the rejection are over.",
    );
    expect(lines('en')).toContain("`START`, asked by the case's owner: only a case handler may take this step.");
    // Who may take a step, by role and by four eyes (ADR 0038).
    expect(lines('en')).toContain(
      '`REJECT`, asked by a case handler with a reason and the PDF: only a team leader may take this step.',
    );
    expect(lines('en')).toContain(
      '`VERIFY`, asked by the case handler who wrote the response, since made a team leader: four eyes: the one who wrote the response does not verify it; another team leader does.',
    );
    expect(lines('en')).toContain(
      '`OVERTURN`, `UPHOLD`, asked by a team leader with a reason and the PDF: four eyes: the one who rejected the case does not decide the appeal against it; another team leader does.',
    );
    expect(lines('am').length).toBe(lines('en').length);
    for (const e of refused) {
      expect(e.test).toMatch(/^tests\/machines\/case-lifecycle\.test\.ts › .+ › path \d+$/);
      // Every event asked by every asker (appeals also late), the allowed ones aside: the title counts them.
      expect(e.text.en.refused!.join(' ').match(/`[A-Z_]+`/g)!.length).toBe(Number(/refuses (\d+)/.exec(e.title)![1]));
    }
  });

  it('a path that starts from something given (a stored session, a remembered wait) says it first, in both languages', () => {
    const send = { transition: 'editing --SEND#0', to: ['sent'] };
    const given = {
      ...words,
      starts: { kept: { en: 'A draft of the form is kept in this tab.', am: 'የቅጹ ረቂቅ በዚህ ትር ውስጥ ተቀምጧል።' } },
    };
    const played = [
      {
        test: 'a.test.ts › kept',
        start: 'kept',
        shortest: { states: { editing: [], sent: [send] }, transitions: { 'editing --SEND#0': [send] } },
      },
    ];
    const sent = catalogueOf(named, given, played).entries.find((e) => e.title === 'sent');
    expect(sent?.text.en.steps).toEqual([
      'A draft of the form is kept in this tab.',
      'The customer opens the form.',
      'The customer presses Send. When the form is filled. → sent',
    ]);
    expect(sent?.text.am.steps[0]).toBe('የቅጹ ረቂቅ በዚህ ትር ውስጥ ተቀምጧል።');
    // A start the words do not describe is named, not left out.
    expect(() => catalogueOf(named, words, played)).toThrow(/starting conditions kept/);
    expect(checkWords(form, { ...given, starts: { kept: { en: 'Kept.', am: ' ' } } })).toEqual([
      'starts.kept: no description in en and am',
    ]);
  });
});
